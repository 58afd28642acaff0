import { sql } from "kysely";
import type { DB, Tx } from "../../../db/create-db.js";
import type { Insertable } from "kysely";
import type { DiscountCodesTable } from "../../../db/database.js";

/** A code by its text (stored upper case). */
export function findCodeByText(db: DB | Tx, code: string) {
  return db.selectFrom("discount_codes").selectAll().where("code", "=", code.trim().toUpperCase()).executeTakeFirst();
}

/** The active welcome time-bonus code (TIMEBONUS25). */
export function findWelcomeBonusCode(db: DB | Tx) {
  return db
    .selectFrom("discount_codes")
    .selectAll()
    .where("kind", "=", "welcome_bonus")
    .where("status", "=", "active")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
}

/** Write a new code (stored upper case). */
export function insertCode(db: DB | Tx, code: Insertable<DiscountCodesTable>) {
  return db
    .insertInto("discount_codes")
    .values({ ...code, code: code.code.trim().toUpperCase() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The member's redemptions of a code, newest first. */
export function findRedemptions(db: DB | Tx, codeId: number, userId: number) {
  return db
    .selectFrom("discount_redemptions")
    .leftJoin("payments", "payments.id", "discount_redemptions.payment_id")
    .select([
      "discount_redemptions.id",
      "discount_redemptions.payment_id",
      "discount_redemptions.used_at",
      "discount_redemptions.once_per_user",
      "payments.status as payment_status",
      "payments.provider_reference",
    ])
    .where("discount_redemptions.code_id", "=", codeId)
    .where("discount_redemptions.user_id", "=", userId)
    .orderBy("discount_redemptions.id", "desc")
    .execute();
}

/** Record that the member holds the code (applied, not yet tied to a payment); a once-per-user code at most once. */
export function insertApplied(db: DB | Tx, codeId: number, userId: number, oncePerUser: boolean) {
  return db
    .insertInto("discount_redemptions")
    .values({ code_id: codeId, user_id: userId, once_per_user: oncePerUser })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Tie the member's free hold on a once-per-user code to a payment: conditional on the hold being
 * neither used nor reserved by another payment, so of two payments racing for it one wins.
 * @returns true when this payment got the code.
 */
export async function reserveOnceCode(tx: Tx, codeId: number, userId: number, paymentId: number): Promise<boolean> {
  const row = await tx
    .updateTable("discount_redemptions")
    .set({ payment_id: paymentId })
    .where("code_id", "=", codeId)
    .where("user_id", "=", userId)
    .where("once_per_user", "=", true)
    .where("used_at", "is", null)
    .where("payment_id", "is", null)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** A reusable code: one redemption row per payment. */
export function insertForPayment(tx: Tx, codeId: number, userId: number, paymentId: number) {
  return tx
    .insertInto("discount_redemptions")
    .values({ code_id: codeId, user_id: userId, once_per_user: false, payment_id: paymentId })
    .execute();
}

/** The payment completed: its code is used for good. */
export function markUsed(tx: Tx, paymentId: number) {
  return tx
    .updateTable("discount_redemptions")
    .set({ used_at: sql<Date>`now()` })
    .where("payment_id", "=", paymentId)
    .where("used_at", "is", null)
    .execute();
}

/** The payment failed or was cancelled: the member keeps the code for another try. */
export function release(tx: Tx, paymentId: number) {
  return tx
    .updateTable("discount_redemptions")
    .set({ payment_id: null })
    .where("payment_id", "=", paymentId)
    .where("used_at", "is", null)
    .execute();
}

/** Active codes the member holds and has not used (applied, or reserved by a payment in progress), newest hold first. */
export function findHeldCodes(db: DB | Tx, userId: number) {
  return db
    .selectFrom("discount_redemptions as r")
    .innerJoin("discount_codes as c", "c.id", "r.code_id")
    .selectAll("c")
    .select(sql<number>`max(r.id)`.as("held_id"))
    .where("r.user_id", "=", userId)
    .where("r.used_at", "is", null)
    .where("c.status", "=", "active")
    .where("c.kind", "=", "code")
    .groupBy("c.id")
    .orderBy("held_id", "desc")
    .execute();
}

/** Active personal codes made for the member that they have not redeemed yet, newest first. */
export function findUnredeemedPersonalCodes(db: DB | Tx, userId: number) {
  return db
    .selectFrom("discount_codes as c")
    .selectAll("c")
    .where("c.user_id", "=", userId)
    .where("c.status", "=", "active")
    .where("c.kind", "=", "code")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("discount_redemptions as r")
            .select("r.id")
            .whereRef("r.code_id", "=", "c.id")
            .where("r.user_id", "=", userId),
        ),
      ),
    )
    .orderBy("c.id", "desc")
    .execute();
}

/** A stored answer of an idempotent mutation. */
export function findIdempotent(db: DB | Tx, userId: number, operation: string, key: string) {
  return db
    .selectFrom("idempotency_keys")
    .select(["request_hash", "response"])
    .where("user_id", "=", userId)
    .where("operation", "=", operation)
    .where("key", "=", key)
    .executeTakeFirst();
}

/** Store an answer under its key; a racing twin's insert loses on the primary key. */
export function insertIdempotent(
  tx: Tx,
  row: { user_id: number; operation: string; key: string; request_hash: string; response: unknown },
) {
  return tx
    .insertInto("idempotency_keys")
    .values({ ...row, response: JSON.stringify(row.response) })
    .execute();
}

/** The member's facts a discount depends on (§3: premium status, signup date for the time bonus), or undefined. */
export function findDiscountMember(db: DB | Tx, userId: number) {
  return db.selectFrom("users").select(["id", "paid_user", "signup_date"]).where("id", "=", userId).executeTakeFirst();
}

/** The kind of the discount code a payment took ("code" or "welcome_bonus"), or undefined for none. */
export async function findCodeKindOfPayment(tx: Tx, paymentId: number) {
  const row = await tx
    .selectFrom("discount_redemptions")
    .innerJoin("discount_codes", "discount_codes.id", "discount_redemptions.code_id")
    .select("discount_codes.kind")
    .where("discount_redemptions.payment_id", "=", paymentId)
    .executeTakeFirst();
  return row?.kind;
}
