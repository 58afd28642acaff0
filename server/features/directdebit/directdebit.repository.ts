import { sql } from "kysely";
import type { DB, Tx } from "../../../db/create-db.js";

/** The member's mandate in `status` (at most one each). */
export function findMandate(db: DB | Tx, userId: number, status: "pending_verification" | "active") {
  return db
    .selectFrom("direct_debit_mandates")
    .selectAll()
    .where("user_id", "=", userId)
    .where("status", "=", status)
    .executeTakeFirst();
}

/** The member's active mandate, locked until the transaction ends (serialises their direct debit payments). */
export function lockActiveMandate(tx: Tx, userId: number) {
  return tx
    .selectFrom("direct_debit_mandates")
    .selectAll()
    .where("user_id", "=", userId)
    .where("status", "=", "active")
    .forUpdate()
    .executeTakeFirst();
}

/** Drop the member's unconfirmed mandate (a new code replaces it). */
export function deletePending(tx: Tx, userId: number) {
  return tx
    .deleteFrom("direct_debit_mandates")
    .where("user_id", "=", userId)
    .where("status", "=", "pending_verification")
    .execute();
}

/** Write an unconfirmed mandate with the hash and expiry of its SMS code. */
export function insertPending(
  tx: Tx,
  m: {
    user_id: number;
    reference: string;
    account_holder: string;
    iban: string;
    street: string;
    house_number: string;
    zip: string;
    city: string;
    phone: string;
    otp_hash: string;
    otp_expires_at: Date;
  },
) {
  return tx
    .insertInto("direct_debit_mandates")
    .values({ ...m, status: "pending_verification" })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Count a wrong code, conditionally on the attempts left. @returns the attempts after, or null when none were left. */
export async function countWrongCode(tx: Tx, id: number, maxAttempts: number): Promise<number | null> {
  const row = await tx
    .updateTable("direct_debit_mandates")
    .set((eb) => ({ otp_attempts: eb("otp_attempts", "+", 1) }))
    .where("id", "=", id)
    .where("status", "=", "pending_verification")
    .where("otp_attempts", "<", maxAttempts)
    .returning("otp_attempts")
    .executeTakeFirst();
  return row ? row.otp_attempts : null;
}

/** Revoke the member's confirmed mandate, if any. */
export function revokeActive(tx: Tx, userId: number) {
  return tx
    .updateTable("direct_debit_mandates")
    .set({ status: "revoked" })
    .where("user_id", "=", userId)
    .where("status", "=", "active")
    .execute();
}

/** Confirm a pending mandate, once (conditional on its state and the attempts left). */
export function activate(tx: Tx, id: number, maxAttempts: number) {
  return tx
    .updateTable("direct_debit_mandates")
    .set({ status: "active", verified_at: sql<Date>`now()`, consent_at: sql<Date>`now()`, otp_hash: null })
    .where("id", "=", id)
    .where("status", "=", "pending_verification")
    .where("otp_attempts", "<", maxAttempts)
    .returningAll()
    .executeTakeFirst();
}

/** Whether the member, or the account (IBAN hash), is blocked for direct debit. */
export async function isBlocked(db: DB | Tx, userId: number, ibanSha256: string | null): Promise<boolean> {
  let q = db.selectFrom("direct_debit_blocks").select("id");
  q = ibanSha256
    ? q.where((eb) => eb.or([eb("user_id", "=", userId), eb("iban_sha256", "=", ibanSha256)]))
    : q.where("user_id", "=", userId);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

/** Block a member (and their account) for direct debit. */
export function insertBlock(tx: Tx, b: { user_id: number; iban_sha256: string | null; reason: string }) {
  return tx.insertInto("direct_debit_blocks").values(b).execute();
}

/** SMS sent to the member since `since`. */
export async function countSmsSince(db: DB | Tx, userId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom("sms_messages")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("user_id", "=", userId)
    .where("sent_at", ">=", since)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Log one SMS sent. */
export function insertSms(tx: Tx, s: { user_id: number; phone: string; purpose: string }) {
  return tx.insertInto("sms_messages").values(s).execute();
}

/** Cents of direct debit payments in progress or completed since `since` (the §8 limit). */
export async function sumDirectDebitSince(
  db: DB | Tx,
  userId: number,
  since: Date,
  exceptPaymentId: number | null = null,
): Promise<number> {
  let q = db
    .selectFrom("payments")
    .select(sql<number>`coalesce(sum(amount_cents), 0)::int`.as("cents"))
    .where("user_id", "=", userId)
    .where("method", "=", "sdd")
    .where("status", "in", ["loading", "pending", "completed"])
    .where("created_at", ">=", since);
  if (exceptPaymentId !== null) q = q.where("id", "<>", exceptPaymentId);
  const row = await q.executeTakeFirstOrThrow();
  return row.cents;
}

/** A mandate by id. */
export function findMandateById(db: DB | Tx, id: number) {
  return db.selectFrom("direct_debit_mandates").selectAll().where("id", "=", id).executeTakeFirst();
}
