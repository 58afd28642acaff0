import { trpc } from "../../../lib/trpc";
import { usePollInterval } from "../../../lib/polling";

/** chats.list: the member's conversations, newest first, with unread counts (§2 /chats). */
export function useChatList() {
  return trpc.chats.list.useQuery(undefined, { refetchInterval: usePollInterval() });
}
