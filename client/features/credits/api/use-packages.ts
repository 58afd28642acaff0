import { trpc } from "../../../lib/trpc";

/** credits.packages: the packages priced for a payment country, with the active discount (§2 /credits, §4). */
export function usePackages(country: string | null) {
  return trpc.credits.packages.useQuery({ country }, { staleTime: 30_000, placeholderData: (prev) => prev });
}
