import { sql } from "kysely";
import type { Tx } from "../../../db/create-db.js";
import type { PushState } from "../../../db/database.js";

/** Store a browser's subscription for `userId`; the same endpoint moves to the newest member. */
export async function upsertSubscription(
  tx: Tx,
  row: { user_id: number; endpoint: string; p256dh: string; auth: string; expiration_time: Date | null },
): Promise<void> {
  await tx
    .insertInto("push_subscriptions")
    .values(row)
    .onConflict((oc) =>
      oc.column("endpoint").doUpdateSet({
        user_id: row.user_id,
        p256dh: row.p256dh,
        auth: row.auth,
        expiration_time: row.expiration_time,
        created_at: sql`now()`,
      }),
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
