import { trpc } from "../../../lib/trpc";
import { usePollInterval } from "../../../lib/polling";
import type { RouterOutputs } from "../../../lib/router-types";
import { keepNewerMessages } from "./keep-newer-messages";

/** One message of a conversation, as chats.conversation answers it. */
export type ChatMessage = RouterOutputs["chats"]["conversation"]["messages"][number];

/** chats.conversation: the newest page of messages (oldest first) and the other profile. */
export function useConversation(conversationId: number | null) {
  return trpc.chats.conversation.useQuery(
    { conversationId: conversationId ?? 0, beforeSeq: null },
    {
      enabled: conversationId !== null,
      staleTime: 0,
      refetchInterval: usePollInterval(),
      structuralSharing: keepNewerMessages,
    },
  );
}

/**
 * Put a message into the cached conversation (the one store of messages): a live message.new
 * or the answer of a send. A message already there (same id) is not added twice; order is by seq.
 * Nothing happens while the conversation is not cached (its first fetch will bring the message).
 */
export function useAddMessageToConversation() {
  const utils = trpc.useUtils();
  return (conversationId: number, message: ChatMessage) =>
    utils.chats.conversation.setData({ conversationId, beforeSeq: null }, (old) => {
      if (!old || old.messages.some((m) => m.id === message.id)) return old;
      return { ...old, messages: [...old.messages, message].sort((a, b) => a.seq - b.seq) };
    });
}
