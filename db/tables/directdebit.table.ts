import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { Timestamp } from "./columns.js";

// SEPA direct debit mandates confirmed by SMS code, and their blocks (§8). Kept in step with migrations/ by hand.

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
  created_at: Timestamp;
  verified_at: Timestamp | null;
}

export type DirectDebitMandateStatus = "pending_verification" | "active" | "revoked";

export interface DirectDebitBlocksTable {
  id: Generated<number>;
  user_id: number | null;
  iban_sha256: string | null;
  reason: string;
  created_at: Timestamp;
}

export interface SmsMessagesTable {
  id: Generated<number>;
  user_id: number;
  phone: string;
  purpose: string;
  sent_at: Timestamp;
}

export type DirectDebitMandateRow = Selectable<DirectDebitMandatesTable>;
export type NewDirectDebitMandate = Insertable<DirectDebitMandatesTable>;
export type DirectDebitMandateUpdate = Updateable<DirectDebitMandatesTable>;
export type DirectDebitBlockRow = Selectable<DirectDebitBlocksTable>;
export type NewDirectDebitBlock = Insertable<DirectDebitBlocksTable>;
export type DirectDebitBlockUpdate = Updateable<DirectDebitBlocksTable>;
export type SmsMessageRow = Selectable<SmsMessagesTable>;
export type NewSmsMessage = Insertable<SmsMessagesTable>;
export type SmsMessageUpdate = Updateable<SmsMessagesTable>;
