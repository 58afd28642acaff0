import { appCodeOf, trpc } from "../../../lib/trpc";
import { setBalanceAfterCharge } from "../../../lib/api/use-me";
import { useAddMessageToConversation } from "./use-conversation";

/**
 * chats.send: the client creates each message's id (clientId) and reuses it on retry, so a
 * retry never sends or charges twice. On success the message joins the cached conversation and
 * the member's balance is updated in place.
 */
export function useSendMessage() {
  const utils = trpc.useUtils();
  const addMessage = useAddMessageToConversation();
  return trpc.chats.send.useMutation({
    onSuccess: (result) => {
      addMessage(result.message.conversationId, result.message);
      setBalanceAfterCharge(utils, { credits: result.credits, freeMessagesLeft: result.freeMessagesLeft });
      void utils.chats.list.invalidate();
    },
    onError: (error) => {
      // §2 not enough credits: the balance we show was stale, so read it again.
      if (appCodeOf(error) === "NOT_ENOUGH_CREDITS") void utils.accounts.me.invalidate();
    },
  });
}
