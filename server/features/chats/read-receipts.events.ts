/**
 * Ephemeral live events of read receipts (not stored: a tab that missed one refetches
 * chats.readReceipts when its stream restarts). Sent only where read-receipts.service allows.
 */
export type ReceiptEvent =
  /** The other member of `conversationId` has read up to `seq` (both members have receipts on). */
  | { type: "conversation.seen"; conversationId: number; seq: number }
  /** `profileId` turned read receipts on or off: whatever 'Seen' or typing shows with them changes. */
  | { type: "receipts.changed"; profileId: number };
