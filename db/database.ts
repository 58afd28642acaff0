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
  /** A gift's key when the message is a gift (migration 2026_11_23_1050), else null. */
  gift: ColumnType<string | null, string | null | undefined, string | null>;
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
  credit_packages: CreditPackagesTable;
  credit_package_prices: CreditPackagePricesTable;
  direct_debit_mandates: DirectDebitMandatesTable;
  direct_debit_blocks: DirectDebitBlocksTable;
  sms_messages: SmsMessagesTable;
  payments: PaymentsTable;
  payment_webhook_events: PaymentWebhookEventsTable;
  simulated_checkout_sessions: SimulatedCheckoutSessionsTable;
  simulated_card_mandates: SimulatedCardMandatesTable;
  discount_codes: DiscountCodesTable;
  discount_redemptions: DiscountRedemptionsTable;
  idempotency_keys: IdempotencyKeysTable;
  photo_unlocks: PhotoUnlocksTable;
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

/** §2 credit packages (migration 2026_11_23_1000). */
export interface CreditPackagesTable {
  id: Generated<number>;
  credits: number;
  best_value: Generated<boolean>;
  position: Generated<number>;
  active: Generated<boolean>;
  created_at: GeneratedTimestamp;
}

/** A package's price in one currency, in integer cents. */
export interface CreditPackagePricesTable {
  package_id: number;
  currency: string;
  amount_cents: number;
}

/** SEPA direct debit mandates confirmed by SMS code (migration 2026_11_23_1010). */
export interface DirectDebitMandatesTable {
  id: Generated<number>;
  user_id: number;
  reference: string;
  account_holder: string;
  iban: string;
  street: string;
  house_number: string;
  zip: string;
  city: string;
  phone: string;
  status: ColumnType<DirectDebitMandateStatus, DirectDebitMandateStatus | undefined, DirectDebitMandateStatus>;
  otp_hash: string | null;
  otp_expires_at: Timestamp | null;
  otp_attempts: Generated<number>;
  consent_at: Timestamp | null;
  created_at: GeneratedTimestamp;
  verified_at: Timestamp | null;
}
export type DirectDebitMandateStatus = "pending_verification" | "active" | "revoked";

export interface DirectDebitBlocksTable {
  id: Generated<number>;
  user_id: number | null;
  iban_sha256: string | null;
  reason: string;
  created_at: GeneratedTimestamp;
}

export interface SmsMessagesTable {
  id: Generated<number>;
  user_id: number;
  phone: string;
  purpose: string;
  sent_at: GeneratedTimestamp;
}

/** §3 Payment, §4 payment states (migration 2026_11_23_1020). */
export interface PaymentsTable {
  id: Generated<number>;
  user_id: number;
  package_id: number;
  credits: number;
  country: string;
  currency: string;
  list_amount_cents: number;
  amount_cents: number;
  discount_code: string | null;
  discount_percentage: number | null;
  method: string;
  status: ColumnType<PaymentStatus, PaymentStatus | undefined, PaymentStatus>;
  provider: string;
  provider_reference: string | null;
  checkout_url: string | null;
  recurring: Generated<boolean>;
  card_mandate_reference: string | null;
  card_last4: string | null;
  direct_debit_mandate_id: number | null;
  failure_reason: string | null;
  refund_days: number;
  idempotency_key: string;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  completed_at: Timestamp | null;
}
export type PaymentStatus = "loading" | "pending" | "completed" | "failed" | "cancelled";
export type PaymentRow = Selectable<PaymentsTable>;

export interface PaymentWebhookEventsTable {
  id: Generated<number>;
  provider: string;
  event_id: string;
  payment_id: number | null;
  status: string;
  applied: boolean;
  received_at: GeneratedTimestamp;
}

/** The simulated provider's hosted checkout sessions (its own side, not the site's). */
export interface SimulatedCheckoutSessionsTable {
  reference: string;
  merchant_payment_id: number;
  amount_cents: number;
  currency: string;
  method: string;
  description: string;
  merchant_name: string;
  return_url: string;
  status: ColumnType<"open" | "completed" | "failed" | "cancelled", "open" | "completed" | "failed" | "cancelled" | undefined, "open" | "completed" | "failed" | "cancelled">;
  failure_reason: string | null;
  card_last4: string | null;
  card_mandate_reference: string | null;
  iban_masked: string | null;
  recurring: Generated<boolean>;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
  decided_at: Timestamp | null;
}

export interface SimulatedCardMandatesTable {
  reference: string;
  card_last4: string;
  declines_recurring: Generated<boolean>;
  created_at: GeneratedTimestamp;
}

/** §3 discount codes (migration 2026_11_23_1030). */
export interface DiscountCodesTable {
  id: Generated<number>;
  code: string;
  kind: ColumnType<"code" | "welcome_bonus", "code" | "welcome_bonus" | undefined, "code" | "welcome_bonus">;
  value_percentage: number;
  minimum_order_value: number | null;
  country: string | null;
  user_id: number | null;
  expires: Timestamp | null;
  currency: string | null;
  status: ColumnType<"active" | "inactive", "active" | "inactive" | undefined, "active" | "inactive">;
  validity: ColumnType<"once_per_user" | "unlimited", "once_per_user" | "unlimited" | undefined, "once_per_user" | "unlimited">;
  paymentmethods: ColumnType<string[], string[] | undefined, string[]>;
  created_at: GeneratedTimestamp;
}
export type DiscountCodeRow = Selectable<DiscountCodesTable>;

export interface DiscountRedemptionsTable {
  id: Generated<number>;
  code_id: number;
  user_id: number;
  once_per_user: boolean;
  payment_id: number | null;
  used_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

export interface IdempotencyKeysTable {
  user_id: number;
  operation: string;
  key: string;
  request_hash: string;
  response: ColumnType<unknown, string, string>;
  created_at: GeneratedTimestamp;
}

/** Private photos bought with photo_credits (migration 2026_11_23_1040). */
export interface PhotoUnlocksTable {
  user_id: number;
  photo_id: number;
  credits: number;
  created_at: GeneratedTimestamp;
}
