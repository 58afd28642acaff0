import { trpc } from "../../../lib/trpc";

/** members.myProfile: the member's own editable profile (/profile). */
export function useMyProfile() {
  return trpc.members.myProfile.useQuery();
}
