import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { Timestamp } from "./columns.js";

// Conversations, their members' delivery state and messages (§3, §4, §6). Kept in step with migrations/ by hand.

export interface ConversationsTable {
  id: Generated<number>;
  member_low_id: number;
  member_high_id: number;
  started_by: number;
  last_seq: Generated<number>;
  created_at: Timestamp;
  last_message_at: Timestamp | null;
}

export interface ConversationMembersTable {
  conversation_id: number;
  user_id: number;
  other_user_id: number;
  unread_count: Generated<number>;
  last_read_seq: Generated<number>;
  removed: Generated<boolean>;
  last_message_at: Timestamp | null;
}

export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  seq: number;
  sender_id: number;
  client_id: string;
  body: string;
  credits_charged: Generated<number>;
  created_at: Timestamp;
  /** A gift's key when the message is a gift (migration 2026_11_23_1050), else null. */
  gift: ColumnType<string | null, string | null | undefined, string | null>;
}

export type ConversationRow = Selectable<ConversationsTable>;
export type NewConversation = Insertable<ConversationsTable>;
export type ConversationUpdate = Updateable<ConversationsTable>;
export type ConversationMemberRow = Selectable<ConversationMembersTable>;
export type NewConversationMember = Insertable<ConversationMembersTable>;
export type ConversationMemberUpdate = Updateable<ConversationMembersTable>;
export type MessageRow = Selectable<MessagesTable>;
export type NewMessage = Insertable<MessagesTable>;
export type MessageUpdate = Updateable<MessagesTable>;
