import { type Kysely, sql } from "kysely";

/**
 * Web Push (§4 push subscription, §7 POST /api/user.php?push=1): one row per browser
 * subscription (a member may have several devices), and the member's last answer to the
 * permission prompt (§4: "Denied is recorded as denied").
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("push_subscriptions")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // The push service URL identifies the browser subscription; a new login on the same
    // browser moves it to the new member.
    .addColumn("endpoint", "text", (c) => c.notNull().unique())
    .addColumn("p256dh", "text", (c) => c.notNull())
    .addColumn("auth", "text", (c) => c.notNull())
    .addColumn("expiration_time", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("push_subscriptions_user_idx").on("push_subscriptions").column("user_id").execute();

  await db.schema
    .createTable("push_states")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("state", "text", (c) => c.notNull().check(sql`state in ('subscribed', 'not_subscribed', 'denied')`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("push_states").ifExists().execute();
  await db.schema.dropTable("push_subscriptions").ifExists().execute();
}
