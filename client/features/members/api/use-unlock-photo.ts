import { trpc } from "../../../lib/trpc";
import { setBalanceAfterCharge } from "../../../lib/api/use-me";

/**
 * members.unlockPhoto: buy access to a private photo for photo_credits. On success the profile
 * (now with the photo open) and the balance are fetched again.
 */
export function useUnlockPhoto() {
  const utils = trpc.useUtils();
  return trpc.members.unlockPhoto.useMutation({
    onSuccess: (result) => {
      setBalanceAfterCharge(utils, { credits: result.credits });
      void utils.members.get.invalidate();
    },
  });
}
