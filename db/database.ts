/**
 * The database schema as Kysely sees it: one file per table group under tables/ (interfaces with
 * Row / New / Update aliases), assembled here. Kept in step with migrations/ by hand: a migration
 * ships with its table types. Import table types from this module.
 */
import type {
  UsersTable,
  SessionsTable,
  EmailTokensTable,
  LoginAttemptsTable,
  PasswordResetMailsTable,
  PushSubscriptionsTable,
  PushStatesTable,
} from "./tables/accounts.table.js";
import type { ProfilesTable, PhotosTable, PhotoUnlocksTable } from "./tables/members.table.js";
import type { LikesTable, LikeQuotaTable } from "./tables/likes.table.js";
import type { ConversationsTable, ConversationMembersTable, MessagesTable } from "./tables/chats.table.js";
import type { MemberEventsTable } from "./tables/live.table.js";
import type { CreditLedgerTable, CreditPackagesTable, CreditPackagePricesTable } from "./tables/credits.table.js";
import type { SitesTable } from "./tables/sites.table.js";
import type { SitePagesTable } from "./tables/site-pages.table.js";
import type {
  PaymentsTable,
  PaymentWebhookEventsTable,
  SimulatedCheckoutSessionsTable,
  SimulatedCardMandatesTable,
  IdempotencyKeysTable,
} from "./tables/payments.table.js";
import type { DirectDebitMandatesTable, DirectDebitBlocksTable, SmsMessagesTable } from "./tables/directdebit.table.js";
import type { DiscountCodesTable, DiscountRedemptionsTable } from "./tables/discounts.table.js";
import type { ServerSecretsTable } from "./tables/secrets.table.js";
import type { BlocksTable } from "./tables/safety.table.js";
import type { BlockedChatCopiesTable, ReportsTable, ModerationActionsTable } from "./tables/moderation.table.js";
import type {
  MailOutboxTable,
  NotificationSettingsTable,
  AccountDeletionsTable,
} from "./tables/notifications.table.js";

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
  site_pages: SitePagesTable;
  login_attempts: LoginAttemptsTable;
  password_reset_mails: PasswordResetMailsTable;
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
  server_secrets: ServerSecretsTable;
  blocks: BlocksTable;
  reports: ReportsTable;
  moderation_actions: ModerationActionsTable;
  blocked_chat_copies: BlockedChatCopiesTable;
  mail_outbox: MailOutboxTable;
  notification_settings: NotificationSettingsTable;
  account_deletions: AccountDeletionsTable;
}

export type * from "./tables/columns.js";
export type * from "./tables/accounts.table.js";
export type * from "./tables/members.table.js";
export type * from "./tables/likes.table.js";
export type * from "./tables/chats.table.js";
export type * from "./tables/live.table.js";
export type * from "./tables/credits.table.js";
export type * from "./tables/sites.table.js";
export type * from "./tables/site-pages.table.js";
export type * from "./tables/payments.table.js";
export type * from "./tables/directdebit.table.js";
export type * from "./tables/discounts.table.js";
export type * from "./tables/secrets.table.js";
export type * from "./tables/safety.table.js";
export type * from "./tables/moderation.table.js";
export type * from "./tables/notifications.table.js";
