import { trpc } from "../../../lib/trpc";

/**
 * chats.send: the client creates each message's id (clientId) and reuses it on retry, so a
 * retry never sends or charges twice. On success the member's balance is updated in place.
 */
export function useSendMessage() {
  const utils = trpc.useUtils();
  return trpc.chats.send.useMutation({
    onSuccess: (result) => {
      utils.accounts.me.setData(
        undefined,
        (me) => me && { ...me, credits: result.credits, freeMessagesLeft: result.freeMessagesLeft },
      );
      void utils.chats.list.invalidate();
    },
  });
}
