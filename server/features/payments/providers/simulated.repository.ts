import { sql } from "kysely";
import type { Insertable } from "kysely";
import type { DB } from "../../../../db/create-db.js";
import type { SimulatedCheckoutSessionsTable } from "../../../../db/database.js";

/** The simulated provider's own store: its hosted checkout sessions and saved test cards. */

/** Open a hosted checkout session. */
export function insertSession(db: DB, s: Insertable<SimulatedCheckoutSessionsTable>) {
  return db.insertInto("simulated_checkout_sessions").values(s).execute();
}

/** A checkout session by its reference. */
export function findSession(db: DB, reference: string) {
  return db.selectFrom("simulated_checkout_sessions").selectAll().where("reference", "=", reference).executeTakeFirst();
}

/**
 * Settle an open session, once: the update is conditional on `status = 'open'` (and, for the
 * payer's decision, on the session not having expired).
 * @returns the settled session, or undefined when it was not open (any more).
 */
export function settleSession(
  db: DB,
  reference: string,
  set: {
    status: "completed" | "failed" | "cancelled";
    failure_reason: string | null;
    card_last4?: string | null;
    card_mandate_reference?: string | null;
  },
  opts: { onlyUnexpired: boolean; onlyExpired?: boolean },
) {
  let q = db
    .updateTable("simulated_checkout_sessions")
    .set({ ...set, decided_at: sql<Date>`now()` })
    .where("reference", "=", reference)
    .where("status", "=", "open");
  if (opts.onlyUnexpired) q = q.where("expires_at", ">", sql<Date>`now()`);
  if (opts.onlyExpired) q = q.where("expires_at", "<=", sql<Date>`now()`);
  return q.returningAll().executeTakeFirst();
}

/** Save a test card for repeat orders. */
export function insertCardMandate(db: DB, m: { reference: string; card_last4: string; declines_recurring: boolean }) {
  return db.insertInto("simulated_card_mandates").values(m).execute();
}

/** A saved test card by its mandate reference. */
export function findCardMandate(db: DB, reference: string) {
  return db.selectFrom("simulated_card_mandates").selectAll().where("reference", "=", reference).executeTakeFirst();
}
