import { trpc } from "../../../lib/trpc";

/** members.regions for the /profile form: the regions of the chosen country and their §3 word. */
export function useProfileRegions(country: string | undefined) {
  return trpc.members.regions.useQuery({ country: country ?? "" }, { enabled: !!country, staleTime: Infinity });
}
