import { trpc } from "../../../lib/trpc";
import { useLiveEvent } from "../../../lib/live-events";

/**
 * chats.readReceipts: how far the other member has read (`otherReadSeq`), only when both members
 * have read receipts on. Refetched live when they read (`conversation.seen`) or either member
 * changes the setting (`receipts.changed`, handled by the LiveProvider).
 */
export function useReadReceipts(conversationId: number | null) {
  const utils = trpc.useUtils();
  useLiveEvent("conversation.seen", (e) => {
    if (e.conversationId === conversationId) void utils.chats.readReceipts.invalidate({ conversationId });
  });
  return trpc.chats.readReceipts.useQuery(
    { conversationId: conversationId ?? 0 },
    { enabled: conversationId !== null, staleTime: 0 },
  );
}
