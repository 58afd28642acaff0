import { trpc } from "../../../lib/trpc";

/** members.interests: the §3 interests catalogue (loaded once). */
export function useInterests() {
  return trpc.members.interests.useQuery(undefined, { staleTime: Infinity });
}
