import type { Generated, Insertable, Selectable, Updateable } from "kysely";
import type { Timestamp } from "./columns.js";

// The credit ledger (ARCHITECTURE "Money") and the §2 credit packages. Kept in step with migrations/ by hand.

export interface CreditLedgerTable {
  id: Generated<number>;
  user_id: number;
  delta: number;
  balance_after: number;
  reason: LedgerReason;
  reference: string | null;
  created_at: Timestamp;
}

export type LedgerReason = "signup_bonus" | "message" | "purchase" | "gift" | "photo" | "demo_grant";

/** §2 credit packages (migration 2026_11_23_1000). */
export interface CreditPackagesTable {
  id: Generated<number>;
  credits: number;
  best_value: Generated<boolean>;
  position: Generated<number>;
  active: Generated<boolean>;
  created_at: Timestamp;
}

/** A package's price in one currency, in integer cents. */
export interface CreditPackagePricesTable {
  package_id: number;
  currency: string;
  amount_cents: number;
}

export type CreditLedgerEntryRow = Selectable<CreditLedgerTable>;
export type NewCreditLedgerEntry = Insertable<CreditLedgerTable>;
export type CreditLedgerEntryUpdate = Updateable<CreditLedgerTable>;
export type CreditPackageRow = Selectable<CreditPackagesTable>;
export type NewCreditPackage = Insertable<CreditPackagesTable>;
export type CreditPackageUpdate = Updateable<CreditPackagesTable>;
export type CreditPackagePriceRow = Selectable<CreditPackagePricesTable>;
export type NewCreditPackagePrice = Insertable<CreditPackagePricesTable>;
export type CreditPackagePriceUpdate = Updateable<CreditPackagePricesTable>;
