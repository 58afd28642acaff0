import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { Timestamp } from "./columns.js";

// §3 payments, provider webhooks, the simulated provider's own tables, idempotency keys. Kept in step with migrations/ by hand.

/** §3 Payment, §4 payment states (migration 2026_11_23_1020). */
export interface PaymentsTable {
  id: Generated<number>;
  user_id: number;
  package_id: number;
  credits: number;
  country: string;
  currency: string;
  list_amount_cents: number;
  /** The discount was no longer valid when the payment completed (migration 2026_11_23_1110). */
  discount_dropped: Generated<boolean>;
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
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_at: Timestamp | null;
}

export type PaymentStatus = "loading" | "pending" | "completed" | "failed" | "cancelled";

export interface PaymentWebhookEventsTable {
  id: Generated<number>;
  provider: string;
  event_id: string;
  payment_id: number | null;
  status: string;
  applied: boolean;
  received_at: Timestamp;
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
  status: ColumnType<
    "open" | "completed" | "failed" | "cancelled",
    "open" | "completed" | "failed" | "cancelled" | undefined,
    "open" | "completed" | "failed" | "cancelled"
  >;
  failure_reason: string | null;
  card_last4: string | null;
  card_mandate_reference: string | null;
  iban_masked: string | null;
  recurring: Generated<boolean>;
  created_at: Timestamp;
  expires_at: Timestamp;
  decided_at: Timestamp | null;
}

export interface SimulatedCardMandatesTable {
  reference: string;
  card_last4: string;
  declines_recurring: Generated<boolean>;
  created_at: Timestamp;
}

export interface IdempotencyKeysTable {
  user_id: number;
  operation: string;
  key: string;
  request_hash: string;
  response: ColumnType<unknown, string, string>;
  created_at: Timestamp;
}

export type PaymentRow = Selectable<PaymentsTable>;
export type NewPayment = Insertable<PaymentsTable>;
export type PaymentUpdate = Updateable<PaymentsTable>;
export type PaymentWebhookEventRow = Selectable<PaymentWebhookEventsTable>;
export type NewPaymentWebhookEvent = Insertable<PaymentWebhookEventsTable>;
export type PaymentWebhookEventUpdate = Updateable<PaymentWebhookEventsTable>;
export type SimulatedCheckoutSessionRow = Selectable<SimulatedCheckoutSessionsTable>;
export type NewSimulatedCheckoutSession = Insertable<SimulatedCheckoutSessionsTable>;
export type SimulatedCheckoutSessionUpdate = Updateable<SimulatedCheckoutSessionsTable>;
export type SimulatedCardMandateRow = Selectable<SimulatedCardMandatesTable>;
export type NewSimulatedCardMandate = Insertable<SimulatedCardMandatesTable>;
export type SimulatedCardMandateUpdate = Updateable<SimulatedCardMandatesTable>;
export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>;
export type NewIdempotencyKey = Insertable<IdempotencyKeysTable>;
export type IdempotencyKeyUpdate = Updateable<IdempotencyKeysTable>;
