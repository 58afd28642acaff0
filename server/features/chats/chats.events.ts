import type { SafetyHint } from "./safety-hints.js";
/** A chat message as members see it. */
export interface ChatMessage {
  id: number;
  conversationId: number;
  /** Per-conversation sequence number: commit order. */
  seq: number;
  senderId: number;
  /** The client-generated id (UUID) the sender used; a retry reuses it. */
  clientId: string;
  body: string;
  /** The gift's key (gifts.ts) when the message is a gift (§3 gift_credits), else null. */
  gift: string | null;
  /** ISO 8601 UTC. */
  createdAt: string;
  /** What the recipient is warned about under the message (safety-hints.ts); [] for most messages. */
  safety: SafetyHint[];
}

/** Events the chats feature puts on a member's live stream (see live.service.ts). */
export type ChatEvent =
  /** A message in one of the member's conversations (sent by them or to them). */
  | { type: "message.new"; conversationId: number; otherProfileId: number; message: ChatMessage }
  /** The member opened a conversation on some tab: its unread count is now 0. */
  | { type: "conversation.read"; conversationId: number }
  /** The member removed a conversation from their list. */
  | { type: "conversation.removed"; conversationId: number }
  /** Ephemeral (not stored): the other member is typing. */
  | { type: "typing"; conversationId: number; profileId: number };
