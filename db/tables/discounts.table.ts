import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { Timestamp } from "./columns.js";

// §3 discount codes and their redemptions. Kept in step with migrations/ by hand.

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
  validity: ColumnType<
    "once_per_user" | "unlimited",
    "once_per_user" | "unlimited" | undefined,
    "once_per_user" | "unlimited"
  >;
  paymentmethods: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Timestamp;
}

export interface DiscountRedemptionsTable {
  id: Generated<number>;
  code_id: number;
  user_id: number;
  once_per_user: boolean;
  payment_id: number | null;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export type DiscountCodeRow = Selectable<DiscountCodesTable>;
export type NewDiscountCode = Insertable<DiscountCodesTable>;
export type DiscountCodeUpdate = Updateable<DiscountCodesTable>;
export type DiscountRedemptionRow = Selectable<DiscountRedemptionsTable>;
export type NewDiscountRedemption = Insertable<DiscountRedemptionsTable>;
export type DiscountRedemptionUpdate = Updateable<DiscountRedemptionsTable>;
