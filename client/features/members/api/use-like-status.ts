import { trpc } from "../../../lib/trpc";

/** likes.status: whether the member liked this profile, was liked by it, and so a match. */
export function useLikeStatus(profileId: number | null, enabled = true) {
  return trpc.likes.status.useQuery({ profileId: profileId ?? 0 }, { enabled: enabled && profileId !== null });
}
