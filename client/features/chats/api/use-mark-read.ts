import { trpc } from "../../../lib/trpc";

/** chats.markRead: §4 opening a chat sets its unread count to zero. */
export function useMarkRead() {
  const utils = trpc.useUtils();
  return trpc.chats.markRead.useMutation({
    onSuccess: () => {
      void utils.live.counters.invalidate();
      void utils.chats.list.invalidate();
    },
  });
}
