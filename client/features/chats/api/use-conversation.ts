import { trpc } from "../../../lib/trpc";
import { usePollInterval } from "../../../lib/polling";

/** chats.conversation: a page of messages (oldest first) and the other profile. */
export function useConversation(conversationId: number | null, beforeSeq: number | null = null) {
  return trpc.chats.conversation.useQuery(
    { conversationId: conversationId ?? 0, beforeSeq },
    { enabled: conversationId !== null, staleTime: 0, refetchInterval: usePollInterval() },
  );
}
