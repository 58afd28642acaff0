import { sql, type Kysely } from "kysely";

/**
 * A browser's push subscription belongs to the session it was sent from (§4 push subscription):
 * when the session ends (logout, a password reset, an operator's suspension, account deletion)
 * its subscriptions go with it, by the foreign key, whatever ended it. Before, a forced logout
 * left the device receiving the member's notifications (sender's name, unread count, links).
 * Subscriptions stored before this were bound to no session: they are dropped; the app sends its
 * subscription again on the member's next visit (client/components/layouts/alert-banners.tsx).
 * Frozen in time: takes Kysely<any> and imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`delete from push_subscriptions`.execute(db);
  await db.schema
    .alterTable("push_subscriptions")
    .addColumn("session_id", "text", (c) => c.notNull().references("sessions.id").onDelete("cascade"))
    .execute();
  await db.schema.createIndex("push_subscriptions_session_idx").on("push_subscriptions").column("session_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("push_subscriptions").dropColumn("session_id").execute();
}
