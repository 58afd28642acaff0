import { sql, type Insertable, type Updateable } from "kysely";
import type { DB, Tx } from "../../../db/create-db.js";
import type { PaymentStatus, PaymentsTable } from "../../../db/database.js";

/** The member's payment started with this idempotency key, if any. */
export function findPaymentByIdempotencyKey(db: DB | Tx, userId: number, key: string) {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("user_id", "=", userId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
}

/** A payment by id. */
export function findPayment(db: DB | Tx, id: number) {
  return db.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A payment by its provider and the provider's reference. */
export function findPaymentByReference(db: DB | Tx, provider: string, reference: string) {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("provider", "=", provider)
    .where("provider_reference", "=", reference)
    .executeTakeFirst();
}

/** Write a new payment (status `loading`). */
export function insertPayment(tx: Tx, p: Insertable<PaymentsTable>) {
  return tx.insertInto("payments").values(p).returningAll().executeTakeFirstOrThrow();
}

/** Set the price after the discount a payment got (before the provider sees it). */
export function setDiscount(
  tx: Tx,
  id: number,
  set: { amount_cents: number; discount_code: string; discount_percentage: number },
) {
  return tx.updateTable("payments").set(set).where("id", "=", id).where("status", "=", "loading").execute();
}

/** The payment's discount was dropped at completion: it buys `credits` (what was paid, at the list price). */
export async function dropDiscount(tx: Tx, id: number, credits: number): Promise<void> {
  await tx.updateTable("payments").set({ credits, discount_dropped: true }).where("id", "=", id).execute();
}

/**
 * Move a payment from one of `from` to a new state, conditionally (§4; ARCHITECTURE "Money":
 * `WHERE status = 'pending'`), so of two racing changes exactly one happens.
 * @returns the changed row, or undefined when the payment was not in `from` (nothing changed).
 */
export function transition(
  db: DB | Tx,
  id: number,
  from: readonly PaymentStatus[],
  set: Updateable<PaymentsTable> & { status: PaymentStatus },
) {
  return db
    .updateTable("payments")
    .set({ ...set, updated_at: sql<Date>`now()` })
    .where("id", "=", id)
    .where("status", "in", [...from])
    .returningAll()
    .executeTakeFirst();
}

/**
 * Complete a payment this site failed on its own (`failure_reason` one of `reasons`: the provider
 * could not be reached, or never answered in time) when the provider reports it completed after all.
 * @returns the updated row, or undefined when the payment is not such a failed one.
 */
export function completeSelfFailed(
  tx: Tx,
  id: number,
  reasons: readonly string[],
  set: Updateable<PaymentsTable> & { status: "completed" },
) {
  return tx
    .updateTable("payments")
    .set({ ...set, updated_at: sql<Date>`now()` })
    .where("id", "=", id)
    .where("status", "=", "failed")
    .where("failure_reason", "in", [...reasons])
    .returningAll()
    .executeTakeFirst();
}

/** §3 payment history, newest first, before `beforeId` when given. */
export function listPayments(db: DB, userId: number, limit: number, beforeId: number | null) {
  let q = db.selectFrom("payments").selectAll().where("user_id", "=", userId);
  if (beforeId !== null) q = q.where("id", "<", beforeId);
  return q.orderBy("id", "desc").limit(limit).execute();
}

/** The member's completed payments, newest first (repeat order). */
export function listCompleted(db: DB, userId: number, limit: number) {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("user_id", "=", userId)
    .where("status", "=", "completed")
    .orderBy("completed_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/**
 * Record a webhook event by the provider's event id; a replay (same id) inserts nothing.
 * @returns true when the event is new.
 */
export async function insertWebhookEvent(
  tx: Tx,
  e: { provider: string; event_id: string; payment_id: number | null; status: string; applied: boolean },
): Promise<boolean> {
  const row = await tx
    .insertInto("payment_webhook_events")
    .values(e)
    .onConflict((oc) => oc.columns(["provider", "event_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Mark a recorded webhook event as having changed its payment. */
export function setWebhookEventApplied(tx: Tx, provider: string, eventId: string, applied: boolean) {
  return tx
    .updateTable("payment_webhook_events")
    .set({ applied })
    .where("provider", "=", provider)
    .where("event_id", "=", eventId)
    .execute();
}

/** The member's own facts a payment needs. */
export function findMemberForPayment(db: DB | Tx, userId: number) {
  return db
    .selectFrom("users")
    .innerJoin("profiles", "profiles.id", "users.id")
    .select(["users.id", "users.paid_user", "users.signup_date", "users.credits", "profiles.country"])
    .where("users.id", "=", userId)
    .executeTakeFirst();
}
