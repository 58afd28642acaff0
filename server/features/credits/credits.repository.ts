import type { DB, Tx } from "../../../db/create-db.js";
import type { LedgerReason } from "../../../db/database.js";

// The credits feature owns the users columns of money and premium status: credits,
// free_messages_left and paid_user. Every write to them is here (ARCHITECTURE "Money").

/**
 * Spend credits with one conditional update (ARCHITECTURE "Money"): never read-then-write.
 * Writes the ledger row in the same transaction.
 * @returns the balance after the charge, or null when the member has fewer than `cost` credits
 *          (nothing is changed then).
 */
export async function spendCredits(
  tx: Tx,
  userId: number,
  cost: number,
  reason: LedgerReason,
  reference: string,
): Promise<number | null> {
  if (!Number.isInteger(cost) || cost <= 0) throw new Error(`spendCredits: bad cost ${cost}`);
  const row = await tx
    .updateTable("users")
    .set((eb) => ({ credits: eb("credits", "-", cost) }))
    .where("id", "=", userId)
    .where("credits", ">=", cost)
    .returning("credits")
    .executeTakeFirst();
  if (!row) return null;
  await tx
    .insertInto("credit_ledger")
    .values({ user_id: userId, delta: -cost, balance_after: row.credits, reason, reference })
    .execute();
  return row.credits;
}

/**
 * Add credits and their ledger row in the caller's transaction.
 * @returns the balance after the grant.
 */
export async function grantCredits(
  tx: Tx,
  userId: number,
  amount: number,
  reason: LedgerReason,
  reference: string | null,
): Promise<number> {
  if (!Number.isInteger(amount) || amount <= 0) throw new Error(`grantCredits: bad amount ${amount}`);
  const row = await tx
    .updateTable("users")
    .set((eb) => ({ credits: eb("credits", "+", amount) }))
    .where("id", "=", userId)
    .returning("credits")
    .executeTakeFirstOrThrow();
  await tx
    .insertInto("credit_ledger")
    .values({ user_id: userId, delta: amount, balance_after: row.credits, reason, reference })
    .execute();
  return row.credits;
}

/** Active credit packages with their price in `currency`, in display order. */
export function findPackages(db: DB | Tx, currency: string) {
  return db
    .selectFrom("credit_packages as p")
    .innerJoin("credit_package_prices as pr", "pr.package_id", "p.id")
    .select(["p.id", "p.credits", "p.best_value", "p.position", "pr.amount_cents", "pr.currency"])
    .where("p.active", "=", true)
    .where("pr.currency", "=", currency)
    .orderBy("p.position")
    .orderBy("p.id")
    .execute();
}

/** One package (active or not) with its price in `currency`, or undefined. */
export function findPackage(db: DB | Tx, id: number, currency: string) {
  return db
    .selectFrom("credit_packages as p")
    .innerJoin("credit_package_prices as pr", "pr.package_id", "p.id")
    .select(["p.id", "p.credits", "p.best_value", "p.active", "pr.amount_cents", "pr.currency"])
    .where("p.id", "=", id)
    .where("pr.currency", "=", currency)
    .executeTakeFirst();
}

/** The member's balance, free-message allowance and premium flag, or undefined for no such member. */
export function findWallet(db: DB | Tx, userId: number, forUpdate = false) {
  const query = db.selectFrom("users").select(["credits", "free_messages_left", "paid_user"]).where("id", "=", userId);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/** §4: one free message used, if any is left. @returns whether one was used. */
export async function useFreeMessage(tx: Tx, userId: number): Promise<boolean> {
  const res = await tx
    .updateTable("users")
    .set((eb) => ({ free_messages_left: eb("free_messages_left", "-", 1) }))
    .where("id", "=", userId)
    .where("free_messages_left", ">", 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * §1: buying any credit bundle makes a member premium.
 * @returns true when this call made them premium (they were not before).
 */
export async function setPaidUser(tx: Tx, userId: number): Promise<boolean> {
  const row = await tx
    .updateTable("users")
    .set({ paid_user: true })
    .where("id", "=", userId)
    .where("paid_user", "=", false)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** The member's profile country (decides the default payment country, §3), or null. */
export async function findProfileCountry(db: DB | Tx, userId: number): Promise<string | null> {
  const row = await db.selectFrom("profiles").select("country").where("id", "=", userId).executeTakeFirst();
  return row?.country ?? null;
}
