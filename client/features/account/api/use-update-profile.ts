import { trpc } from "../../../lib/trpc";

/** members.updateProfile: save the /profile form; the account (name in the top bar) and profiles refresh. */
export function useUpdateProfile() {
  const utils = trpc.useUtils();
  return trpc.members.updateProfile.useMutation({
    onSuccess: (saved) => {
      utils.members.myProfile.setData(undefined, saved);
      void utils.accounts.me.invalidate();
      void utils.members.get.invalidate();
    },
  });
}
