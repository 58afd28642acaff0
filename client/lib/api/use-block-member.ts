import { trpc } from "../trpc";

/**
 * safety.block (§4): block a member. The chats and likes between the two are deleted and the
 * profiles hidden both ways: every list the screens show is read again.
 */
export function useBlockMember() {
  const utils = trpc.useUtils();
  return trpc.safety.block.useMutation({
    onSuccess: () => {
      void utils.chats.invalidate();
      void utils.likes.invalidate();
      void utils.members.invalidate();
      void utils.live.counters.invalidate();
      void utils.safety.blocked.invalidate();
    },
  });
}
