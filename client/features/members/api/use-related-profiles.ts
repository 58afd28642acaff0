import { trpc } from "../../../lib/trpc";

/** members.related: §2 related profiles of a profile (same country and gender, nearby age, visible only). */
export function useRelatedProfiles(profileId: number | null) {
  return trpc.members.related.useQuery({ id: profileId ?? 0 }, { enabled: profileId !== null, staleTime: 60_000 });
}
