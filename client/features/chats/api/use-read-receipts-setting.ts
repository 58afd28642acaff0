import { trpc } from "../../../lib/trpc";

/** chats.readReceiptsSetting: the member's own read-receipts choice (on by default). */
export function useReadReceiptsSetting() {
  return trpc.chats.readReceiptsSetting.useQuery();
}
