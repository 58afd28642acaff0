import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { Timestamp } from "./columns.js";

// Reporting and moderation (issue 10; migration 2026_11_24_0400). Kept in step with migrations/ by hand.
// The users columns `role` and `moderation_status` (accounts.table.ts) belong to the moderation feature.

export type ReportSubject = "profile" | "message" | "chat" | "complaint";
export type ReportReason = "spam" | "fake_profile" | "harassment" | "underage" | "offensive_photo" | "other";
export type ReportStatus = "open" | "dismissed" | "actioned";
export type ModerationActionKind =
  "dismiss" | "approve_photo" | "hide_photo" | "warn" | "suspend" | "reinstate" | "ban" | "grant_operator";

/** A report by a member (or a visitor's complaint), with a copy of what was reported. */
export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number | null;
  reporter_email: string | null;
  reported_user_id: number | null;
  subject: ReportSubject;
  message_id: number | null;
  conversation_id: number | null;
  reason: ReportReason;
  details: Generated<string>;
  snapshot: ColumnType<unknown, string | undefined, string>;
  status: ColumnType<ReportStatus, ReportStatus | undefined, ReportStatus>;
  created_at: Timestamp;
  handled_by: number | null;
  handled_at: Timestamp | null;
}

/** The audit of operator actions: who did what to whom, and when. */
export interface ModerationActionsTable {
  id: Generated<number>;
  operator_id: number | null;
  action: ModerationActionKind;
  target_user_id: number | null;
  report_id: number | null;
  photo_id: number | null;
  note: Generated<string>;
  created_at: Timestamp;
}

/**
 * The latest messages of a conversation a block deleted (migration 2026_11_27_2000), kept for a
 * report by either member; seen by no member. `messages`: [{ id, seq, senderId,
 * body, gift, createdAt }] oldest first, written as a JSON string.
 */
export interface BlockedChatCopiesTable {
  id: Generated<number>;
  blocker_id: number;
  blocked_id: number;
  messages: ColumnType<unknown, string, string>;
  created_at: Timestamp;
}

export type ReportRow = Selectable<ReportsTable>;
export type NewReport = Insertable<ReportsTable>;
export type ReportUpdate = Updateable<ReportsTable>;
export type ModerationActionRow = Selectable<ModerationActionsTable>;
export type NewModerationAction = Insertable<ModerationActionsTable>;
export type ModerationActionUpdate = Updateable<ModerationActionsTable>;
