import { trpc } from "../../../lib/trpc";

/** chats.setReadReceipts: turn read receipts (and typing shown to others) on or off. */
export function useSetReadReceipts() {
  const utils = trpc.useUtils();
  return trpc.chats.setReadReceipts.useMutation({
    onSuccess: (result) => {
      utils.chats.readReceiptsSetting.setData(undefined, result);
      void utils.chats.readReceipts.invalidate();
    },
  });
}
