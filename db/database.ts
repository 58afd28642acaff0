import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/**
 * The database schema as Kysely sees it, one interface per table.
 * Kept in step with migrations/ by hand: a migration ships with its table types.
 */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A timestamptz column with a database default. */
export type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A `date` column: read as 'YYYY-MM-DD' text (see create-db.ts type parsers). */
export type DateOnly = ColumnType<string, string, string>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  status: ColumnType<UserStatus, UserStatus | undefined, UserStatus>;
  credits: Generated<number>;
  paid_user: Generated<boolean>;
  free_messages_left: Generated<number>;
  language: Generated<string>;
  invisible: Generated<boolean>;
  send_with_enter: Generated<boolean>;
  last_event_seq: Generated<number>;
  signup_date: GeneratedTimestamp;
  confirmed_at: Timestamp | null;
}
export type UserStatus = "not_confirmed" | "active" | "pending_deletion";

export interface ProfilesTable {
  id: number;
  name: string;
  status: ColumnType<ProfileStatus, ProfileStatus | undefined, ProfileStatus>;
  gender: "male" | "female" | null;
  sexuality: string | null;
  birth_date: DateOnly;
  country: string | null;
  region: string | null;
  city: string | null;
  hair_color: string | null;
  eye_color: string | null;
  body_type: string | null;
  relationship_status: string | null;
  tattoos: boolean | null;
  interests: ColumnType<string[], string[] | undefined, string[]>;
  note: Generated<string>;
  visible: Generated<boolean>;
  last_active: GeneratedTimestamp;
}
export type ProfileStatus = "disabled" | "active";

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
}

export interface EmailTokensTable {
  id: string;
  user_id: number;
  purpose: "activate" | "reset_password";
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface PhotosTable {
  id: Generated<number>;
  profile_id: number;
  filename: string;
  thumb_filename: string;
  blurred_filename: string;
  is_main: Generated<boolean>;
  is_private: Generated<boolean>;
  status: Generated<string>;
  position: Generated<number>;
  created_at: GeneratedTimestamp;
}

export interface LikesTable {
  liker_id: number;
  liked_id: number;
  is_new: Generated<boolean>;
  created_at: GeneratedTimestamp;
}

export interface LikeQuotaTable {
  user_id: number;
  day: DateOnly;
  used: Generated<number>;
}

export interface ConversationsTable {
  id: Generated<number>;
  member_low_id: number;
  member_high_id: number;
  started_by: number;
  last_seq: Generated<number>;
  created_at: GeneratedTimestamp;
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
  created_at: GeneratedTimestamp;
}

export interface CreditLedgerTable {
  id: Generated<number>;
  user_id: number;
  delta: number;
  balance_after: number;
  reason: LedgerReason;
  reference: string | null;
  created_at: GeneratedTimestamp;
}
export type LedgerReason = "signup_bonus" | "message" | "purchase" | "gift" | "photo" | "demo_grant";

export interface MemberEventsTable {
  user_id: number;
  seq: number;
  type: string;
  payload: ColumnType<unknown, string, string>;
  created_at: GeneratedTimestamp;
}

/** §3 site settings and company info of one branded site (migration 2026_11_22_0100). */
export interface SitesTable {
  id: Generated<number>;
  is_default: Generated<boolean>;
  name: string;
  domain: string;
  extra_hosts: ColumnType<string[], string[] | undefined, string[]>;
  domain_language: Generated<string>;
  cdn_prefix: Generated<string>;
  index_title: Generated<string>;
  description: Generated<string>;
  countries: ColumnType<string[], string[] | undefined, string[]>;
  signups: Generated<"all" | "with_trafficsource" | "other">;
  logged_out_search: Generated<string>;
  logged_out_search_trafficsource: Generated<string>;
  enable_site_entry_popup: Generated<string>;
  push_public_key: string | null;
  minimum_message_costs: ColumnType<Record<string, { costs: number; currency: string }>, string | undefined, string>;
  support_phone: Generated<string>;
  support_email: Generated<string>;
  fictional_icon: Generated<boolean>;
  fictional_warning: Generated<string>;
  fictional_singular: Generated<string>;
  fictional_plural: Generated<string>;
  visible_profile_fields: ColumnType<string[], string[] | undefined, string[]>;
  visible_profile_notes: Generated<boolean>;
  search_fields: ColumnType<string[], string[] | undefined, string[]>;
  message_credits: Generated<number>;
  photo_credits: Generated<number>;
  gift_credits: Generated<number>;
  signup_credits: Generated<number>;
  free_messages: Generated<number>;
  message_length: Generated<number>;
  refund_days: Generated<number>;
  member_resell: Generated<boolean>;
  company_name: Generated<string>;
  company_address: Generated<string>;
  company_registration_number: Generated<string>;
  company_city: Generated<string>;
  company_country: Generated<string>;
  company_tradenames: ColumnType<string[], string[] | undefined, string[]>;
  company_vat_numbers: ColumnType<string[], string[] | undefined, string[]>;
  company_delete_discount: Generated<number>;
  company_added: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}
export type SiteRow = Selectable<SitesTable>;

/** Failed logins per typed address (hashed), for the §8 temporary block. */
export interface LoginAttemptsTable {
  key: string;
  failures: Generated<number>;
  window_started_at: GeneratedTimestamp;
  blocked_until: Timestamp | null;
}

/** Web Push subscriptions, one per browser (§4, §7 POST /api/user.php?push=1). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  expiration_time: Timestamp | null;
  created_at: GeneratedTimestamp;
}

/** The member's last answer to the push prompt (§4: subscribed, not subscribed, denied). */
export interface PushStatesTable {
  user_id: number;
  state: PushState;
  updated_at: GeneratedTimestamp;
}
export type PushState = "subscribed" | "not_subscribed" | "denied";

export interface Database {
  users: UsersTable;
  profiles: ProfilesTable;
  sessions: SessionsTable;
  email_tokens: EmailTokensTable;
  photos: PhotosTable;
  likes: LikesTable;
  like_quota: LikeQuotaTable;
  conversations: ConversationsTable;
  conversation_members: ConversationMembersTable;
  messages: MessagesTable;
  credit_ledger: CreditLedgerTable;
  member_events: MemberEventsTable;
  sites: SitesTable;
  login_attempts: LoginAttemptsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_states: PushStatesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ProfileRow = Selectable<ProfilesTable>;
export type NewProfile = Insertable<ProfilesTable>;
export type PhotoRow = Selectable<PhotosTable>;
export type NewPhoto = Insertable<PhotosTable>;
export type ConversationRow = Selectable<ConversationsTable>;
export type MessageRow = Selectable<MessagesTable>;
export type MemberEventRow = Selectable<MemberEventsTable>;
