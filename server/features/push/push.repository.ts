import { sql } from "kysely";
import type { DB, Tx } from "../../../db/create-db.js";
import type { PushState } from "../../../db/database.js";

// The push feature owns push_subscriptions and push_states (migration 2026_11_22_0120).

/**
 * Store a browser's subscription for `userId`, keeping the member's newest `keep` ones (the
 * oldest go). An endpoint already stored moves to this member only with the same browser's key
 * (a new login in that browser): another member who learnt the URL cannot take the pushes over.
 */
export async function upsertSubscription(
  tx: Tx,
  row: {
    user_id: number;
    session_id: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    expiration_time: Date | null;
  },
  keep: number,
): Promise<void> {
  await tx
    .insertInto("push_subscriptions")
    .values(row)
    .onConflict((oc) =>
      oc
        .column("endpoint")
        .doUpdateSet({
          user_id: row.user_id,
          session_id: row.session_id,
          p256dh: row.p256dh,
          auth: row.auth,
          expiration_time: row.expiration_time,
          created_at: sql`now()`,
        })
        .where((eb) =>
          eb.or([eb("push_subscriptions.user_id", "=", row.user_id), eb("push_subscriptions.p256dh", "=", row.p256dh)]),
        ),
    )
    .execute();
  await tx
    .deleteFrom("push_subscriptions")
    .where("user_id", "=", row.user_id)
    .where(
      "id",
      "not in",
      tx
        .selectFrom("push_subscriptions")
        .select("id")
        .where("user_id", "=", row.user_id)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(keep),
    )
    .execute();
}

export async function deleteSubscriptionsOf(tx: Tx, userId: number): Promise<void> {
  await tx.deleteFrom("push_subscriptions").where("user_id", "=", userId).execute();
}

export async function setState(tx: Tx, userId: number, state: PushState): Promise<void> {
  await tx
    .insertInto("push_states")
    .values({ user_id: userId, state })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ state, updated_at: sql`now()` }))
    .execute();
}

/** Whether the member has at least one browser subscription (one index probe). */
export async function hasSubscription(db: DB | Tx, userId: number): Promise<boolean> {
  const r = await db
    .selectFrom("push_subscriptions")
    .select("id")
    .where("user_id", "=", userId)
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}

/** The member's subscriptions whose session and subscription have not expired, oldest first. */
export function findSubscriptions(db: DB, userId: number) {
  return (
    db
      .selectFrom("push_subscriptions")
      .innerJoin("sessions", "sessions.id", "push_subscriptions.session_id")
      .select([
        "push_subscriptions.id",
        "push_subscriptions.endpoint",
        "push_subscriptions.p256dh",
        "push_subscriptions.auth",
      ])
      .where("push_subscriptions.user_id", "=", userId)
      // A session past its expiry is over too, though its row is not deleted yet.
      .where("sessions.expires_at", ">", sql<Date>`now()`)
      .where((eb) =>
        eb.or([
          eb("push_subscriptions.expiration_time", "is", null),
          eb("push_subscriptions.expiration_time", ">", sql<Date>`now()`),
        ]),
      )
      .orderBy("push_subscriptions.id")
      .execute()
  );
}

/** A subscription the push service called gone (404/410). */
export async function deleteSubscription(db: DB, id: number): Promise<void> {
  await db.deleteFrom("push_subscriptions").where("id", "=", id).execute();
}

/** The member's last answer (§4), or null when never asked. */
export async function findState(db: DB, userId: number): Promise<PushState | null> {
  const r = await db.selectFrom("push_states").select("state").where("user_id", "=", userId).executeTakeFirst();
  return r?.state ?? null;
}
