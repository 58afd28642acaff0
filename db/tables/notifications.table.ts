import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { Timestamp } from "./columns.js";

// Mail queue, §3 e-mail notification preferences, §4 pending deletions (migration 2026_11_24_0200). Kept in step with migrations/ by hand.

export type MailStatus = "pending" | "sent" | "failed" | "skipped";

/** What an outbox row sends: a mail, or a Web Push notification (migration 2026_11_25_0100). */
export type OutboxChannel = "mail" | "push";

/** The outbox: one row per mail or push to send; drained by the mail worker (server/features/mail). */
export interface MailOutboxTable {
  id: Generated<string>;
  channel: Generated<OutboxChannel>;
  kind: string;
  user_id: number | null;
  to_address: string | null;
  site_domain: string | null;
  data: ColumnType<unknown, string | undefined, string>;
  dedupe_key: string | null;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

/** §3 notifications_disabled reasons. */
export type NotificationsDisabledReason = "fbl" | "bounce" | "listunsubscribe";

/** §3 notification preferences (e-mail); no row means all on. */
export interface NotificationSettingsTable {
  user_id: number;
  new_conversations: Generated<boolean>;
  new_messages: Generated<boolean>;
  like: Generated<boolean>;
  unread_message_reminders: Generated<boolean>;
  promotions: Generated<boolean>;
  weekly_updates: Generated<boolean>;
  news: Generated<boolean>;
  reminders: Generated<boolean>;
  notifications_disabled: NotificationsDisabledReason | null;
  updated_at: Timestamp;
}

/** §3 delete reasons. */
export type DeleteReason =
  "price" | "found_someone" | "not_looking" | "site_problems" | "no_members" | "time" | "other";

/** §4 a pending (or, with purged_at, completed) account deletion. */
export interface AccountDeletionsTable {
  user_id: number;
  reason: DeleteReason;
  remarks: Generated<string>;
  previous_status: "not_confirmed" | "active";
  requested_at: Timestamp;
  purge_after: Timestamp;
  token_hash: string | null;
  purged_at: Timestamp | null;
}

export type MailOutboxRow = Selectable<MailOutboxTable>;
export type NewMailOutbox = Insertable<MailOutboxTable>;
export type MailOutboxUpdate = Updateable<MailOutboxTable>;
export type NotificationSettingsRow = Selectable<NotificationSettingsTable>;
export type NewNotificationSettings = Insertable<NotificationSettingsTable>;
export type NotificationSettingsUpdate = Updateable<NotificationSettingsTable>;
export type AccountDeletionRow = Selectable<AccountDeletionsTable>;
export type NewAccountDeletion = Insertable<AccountDeletionsTable>;
export type AccountDeletionUpdate = Updateable<AccountDeletionsTable>;
