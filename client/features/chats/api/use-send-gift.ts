import { appCodeOf, trpc } from "../../../lib/trpc";
import { setBalanceAfterCharge } from "../../../lib/api/use-me";
import { useAddMessageToConversation } from "./use-conversation";

/**
 * chats.sendGift: a gift in chat for gift_credits; the client id makes a retry safe. The gift joins
 * the cached conversation; the balance is updated in place.
 */
export function useSendGift() {
  const utils = trpc.useUtils();
  const addMessage = useAddMessageToConversation();
  return trpc.chats.sendGift.useMutation({
    onSuccess: (result) => {
      addMessage(result.message.conversationId, result.message);
      setBalanceAfterCharge(utils, { credits: result.credits });
      void utils.chats.list.invalidate();
    },
    onError: (error) => {
      // §2 not enough credits: the balance we show was stale, so read it again.
      if (appCodeOf(error) === "NOT_ENOUGH_CREDITS") void utils.accounts.me.invalidate();
    },
  });
}
