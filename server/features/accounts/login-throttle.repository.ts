import { sql } from "kysely";
import type { DB } from "../../../db/create-db.js";

/** The block still running for `key`: whole minutes left (rounded up), or undefined. */
export function findActiveBlock(db: DB, key: string) {
  return db
    .selectFrom("login_attempts")
    .select(sql<number>`ceil(extract(epoch from blocked_until - now()) / 60)::int`.as("minutes"))
    .where("key", "=", key)
    .where("blocked_until", ">", sql<Date>`now()`)
    .executeTakeFirst();
}

/**
 * Reserve one password check for `key` in one statement, before the password is checked, so
 * racing attempts on any instance queue on the row: the attempt counts as a failure until a
 * success clears it. A new window starts after `windowMinutes` or after an ended block. Refused
 * (no row returned) while the key is blocked or `maxAttempts` are already used in the window.
 * @returns the attempt's number in the window (1..maxAttempts), or undefined when refused.
 */
export async function reserveAttempt(db: DB, key: string, opts: { windowMinutes: number; maxAttempts: number }) {
  const window = sql`make_interval(mins => ${opts.windowMinutes})`;
  const fresh = sql<boolean>`(login_attempts.window_started_at < now() - ${window} or login_attempts.blocked_until <= now())`;
  const row = await db
    .insertInto("login_attempts")
    .values({ key, failures: 1, window_started_at: sql`now()`, blocked_until: null })
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet({
          failures: sql`case when ${fresh} then 1 else login_attempts.failures + 1 end`,
          window_started_at: sql`case when ${fresh} then now() else login_attempts.window_started_at end`,
          blocked_until: sql`case when ${fresh} then null else login_attempts.blocked_until end`,
        })
        .where(
          sql<boolean>`${fresh} or (login_attempts.failures < ${opts.maxAttempts} and login_attempts.blocked_until is null)`,
        ),
    )
    .returning("failures")
    .executeTakeFirst();
  return row?.failures;
}

/** Block `key` for `minutes` from now. */
export async function blockKey(db: DB, key: string, minutes: number): Promise<void> {
  await db
    .updateTable("login_attempts")
    .set({ blocked_until: sql`now() + make_interval(mins => ${minutes})` })
    .where("key", "=", key)
    .execute();
}

export async function clearFailures(db: DB, key: string): Promise<void> {
  await db.deleteFrom("login_attempts").where("key", "=", key).execute();
}
