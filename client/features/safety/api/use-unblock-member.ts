import { trpc } from "../../../lib/trpc";

/** safety.unblock: lift one's own block; the two see each other again in search and profiles. */
export function useUnblockMember() {
  const utils = trpc.useUtils();
  return trpc.safety.unblock.useMutation({
    onSuccess: () => {
      void utils.safety.blocked.invalidate();
      void utils.members.invalidate();
    },
  });
}
