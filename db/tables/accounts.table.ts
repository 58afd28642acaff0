import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { Timestamp } from "./columns.js";

// Accounts: the account row, sessions, e-mail links, login throttling, push subscriptions (§3, §4). Kept in step with migrations/ by hand.

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  status: ColumnType<UserStatus, UserStatus | undefined, UserStatus>;
  credits: Generated<number>;
  paid_user: Generated<boolean>;
  free_messages_left: Generated<number>;
  /** Conversations this member started that a block deleted: they still count (§1, §9: free members may start 2). */
  deleted_started_conversations: Generated<number>;
  language: Generated<string>;
  invisible: Generated<boolean>;
  send_with_enter: Generated<boolean>;
  /** Owned by the chats feature (migration 2026_11_24_0800): 'Seen' and typing, shown only when both members have it on. */
  read_receipts: Generated<boolean>;
  last_event_seq: Generated<number>;
  signup_date: Timestamp;
  confirmed_at: Timestamp | null;
  /**
   * When the password was last chosen through a password-reset link mailed to the current address
   * (migration 2026_11_27_1900); null when never, or since the address changed. The OPERATOR_EMAILS
   * grant needs it: it proves that whoever logs in with the password reads the listed mailbox.
   */
  password_set_by_link_at: Generated<Timestamp | null>;
  /** Owned by the moderation feature (migration 2026_11_24_0400): 'operator' opens /ops. */
  role: ColumnType<UserRole, UserRole | undefined, UserRole>;
  /** Owned by the moderation feature: suspended and banned members cannot log in. */
  moderation_status: ColumnType<ModerationStatus, ModerationStatus | undefined, ModerationStatus>;
  /**
   * Owned by the tracking feature (migration 2026_11_25_0200): the §3 tracking record the member
   * signed up with (network, ref, sub1–3), null when none. Written as a JSON string.
   */
  traffic_source: ColumnType<TrafficSourceColumn | null, string | null | undefined, string | null>;
}

/** The users.traffic_source JSON object: the §3 tracking record's keys, each 1–100 safe characters. */
export interface TrafficSourceColumn {
  network?: string;
  ref?: string;
  sub1?: string;
  sub2?: string;
  sub3?: string;
}

export type UserRole = "member" | "operator";
export type ModerationStatus = "ok" | "suspended" | "banned";

export type UserStatus = "not_confirmed" | "active" | "pending_deletion";

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface EmailTokensTable {
  id: string;
  user_id: number;
  purpose: EmailTokenPurpose;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  /** For "change_email": the address the link confirms (migration 2026_11_24_0100). */
  new_email: ColumnType<string | null, string | null | undefined, string | null>;
}

export type EmailTokenPurpose = "activate" | "reset_password" | "change_email";

/** Password reset mails per typed address (SHA-256) in a 24-hour window (§8, migration 2026_11_24_0100). */
export interface PasswordResetMailsTable {
  key: string;
  mails: Generated<number>;
  window_started_at: Timestamp;
}

/** Failed logins per typed address (hashed), for the §8 temporary block. */
export interface LoginAttemptsTable {
  key: string;
  failures: Generated<number>;
  window_started_at: Timestamp;
  blocked_until: Timestamp | null;
}

/** Web Push subscriptions, one per browser (§4, §7 POST /api/user.php?push=1). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  /** The session it was sent from: it ends with it (ON DELETE CASCADE). */
  session_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  expiration_time: Timestamp | null;
  created_at: Timestamp;
}

/** The member's last answer to the push prompt (§4: subscribed, not subscribed, denied). */
export interface PushStatesTable {
  user_id: number;
  state: PushState;
  updated_at: Timestamp;
}

export type PushState = "subscribed" | "not_subscribed" | "denied";

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewSession = Insertable<SessionsTable>;
export type SessionUpdate = Updateable<SessionsTable>;
export type EmailTokenRow = Selectable<EmailTokensTable>;
export type NewEmailToken = Insertable<EmailTokensTable>;
export type EmailTokenUpdate = Updateable<EmailTokensTable>;
export type LoginAttemptRow = Selectable<LoginAttemptsTable>;
export type NewLoginAttempt = Insertable<LoginAttemptsTable>;
export type LoginAttemptUpdate = Updateable<LoginAttemptsTable>;
export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
export type NewPushSubscription = Insertable<PushSubscriptionsTable>;
export type PushSubscriptionUpdate = Updateable<PushSubscriptionsTable>;
export type PushStateEntryRow = Selectable<PushStatesTable>;
export type NewPushStateEntry = Insertable<PushStatesTable>;
export type PushStateEntryUpdate = Updateable<PushStatesTable>;
