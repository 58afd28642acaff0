import { trpc } from "../../../lib/trpc";

/** site.settings: refund_days for the return policy (§9), credit costs for the FAQ. */
export function useSiteSettings() {
  return trpc.site.settings.useQuery(undefined, { staleTime: 5 * 60_000 });
}
