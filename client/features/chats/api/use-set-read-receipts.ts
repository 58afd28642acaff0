import { trpc } from "../../../lib/trpc";

/** chats.setReadReceipts: turn read receipts (and typing shown to others) on or off. */
export function useSetReadReceipts() {
  const utils = trpc.useUtils();
  return trpc.chats.setReadReceipts.useMutation({
    // The switch moves at once; a refusal puts the stored setting back.
    onMutate: (input) => utils.chats.readReceiptsSetting.setData(undefined, { enabled: input.enabled }),
    onError: () => void utils.chats.readReceiptsSetting.invalidate(),
    onSuccess: (result) => {
      utils.chats.readReceiptsSetting.setData(undefined, result);
      void utils.chats.readReceipts.invalidate();
    },
  });
}
