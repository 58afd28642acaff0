import { trpc } from "../../../lib/trpc";
import { useConnection } from "../../../lib/connection";

/**
 * chats.markRead: §4 opening a chat sets its unread count to zero. While the live socket is open,
 * the mark comes back as a `conversation.read` event when it changed anything, and the live
 * stream refreshes the badges and the list then (client/app/live-member.tsx); without the socket,
 * this refreshes them.
 */
export function useMarkRead() {
  const utils = trpc.useUtils();
  const { socketOpen } = useConnection();
  return trpc.chats.markRead.useMutation({
    onSuccess: () => {
      if (socketOpen) return;
      void utils.live.counters.invalidate();
      void utils.chats.list.invalidate();
    },
  });
}
