import { trpc } from "../../../lib/trpc";

/** chats.sendGift: a gift in chat for gift_credits; the client id makes a retry safe. Updates the balance in place. */
export function useSendGift() {
  const utils = trpc.useUtils();
  return trpc.chats.sendGift.useMutation({
    onSuccess: (result) => {
      utils.accounts.me.setData(undefined, (me) => me && { ...me, credits: result.credits });
      void utils.chats.list.invalidate();
    },
  });
}
