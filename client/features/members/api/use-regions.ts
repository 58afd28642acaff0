import { trpc } from "../../../lib/trpc";

/** members.regions: the region list of a country for the search form (none without a country). */
export function useRegions(country: string | undefined) {
  return trpc.members.regions.useQuery({ country: country ?? "" }, { enabled: !!country, staleTime: Infinity });
}
