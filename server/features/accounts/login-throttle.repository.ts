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
 * Count one failure in one statement (so racing failures on several instances all count):
 * a failure after the window, or after an ended block, starts a new window; the failure that
 * reaches `maxFailures` within the window blocks the key for `blockMinutes`.
 * @returns the failures in the window and the block's minutes left (null when not blocked).
 */
export function countFailure(
  db: DB,
  key: string,
  opts: { windowMinutes: number; maxFailures: number; blockMinutes: number },
) {
  const window = sql`make_interval(mins => ${opts.windowMinutes})`;
  const fresh = sql<boolean>`(login_attempts.window_started_at < now() - ${window} or login_attempts.blocked_until <= now())`;
  const failures = sql<number>`case when ${fresh} then 1 else login_attempts.failures + 1 end`;
  return db
    .insertInto("login_attempts")
    .values({
      key,
      failures: 1,
      window_started_at: sql`now()`,
      blocked_until: opts.maxFailures <= 1 ? sql`now() + make_interval(mins => ${opts.blockMinutes})` : null,
    })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        failures,
        window_started_at: sql`case when ${fresh} then now() else login_attempts.window_started_at end`,
        blocked_until: sql`case when ${failures} >= ${opts.maxFailures} then now() + make_interval(mins => ${opts.blockMinutes})
                               when ${fresh} then null else login_attempts.blocked_until end`,
      }),
    )
    .returning([
      "failures",
      sql<
        number | null
      >`case when blocked_until > now() then ceil(extract(epoch from blocked_until - now()) / 60)::int end`.as(
        "minutes",
      ),
    ])
    .executeTakeFirstOrThrow();
}

export async function clearFailures(db: DB, key: string): Promise<void> {
  await db.deleteFrom("login_attempts").where("key", "=", key).execute();
}
