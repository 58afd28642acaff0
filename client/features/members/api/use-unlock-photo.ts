import { trpc } from "../../../lib/trpc";

/**
 * members.unlockPhoto: buy access to a private photo for photo_credits. On success the profile
 * (now with the photo open) and the balance are fetched again.
 */
export function useUnlockPhoto() {
  const utils = trpc.useUtils();
  return trpc.members.unlockPhoto.useMutation({
    onSuccess: (result) => {
      utils.accounts.me.setData(undefined, (me) => me && { ...me, credits: result.credits });
      void utils.members.get.invalidate();
    },
  });
}
