import { type Kysely, sql } from "kysely";

/**
 * Issue 9 part B: the mail queue (outbox), the §3 e-mail notification preferences with the
 * notifications_disabled reason, and pending account deletions (§4, §9 14 days).
 * Frozen in time: takes Kysely<any> and imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Mails leave the process from this table only: a row is written in the same transaction as
  // what caused it (a message, a like), so a mail is neither lost on a crash nor sent for a
  // rolled-back change. Workers claim rows with FOR UPDATE SKIP LOCKED and a lease.
  await db.schema
    .createTable("mail_outbox")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("to_address", "text")
    .addColumn("site_domain", "text")
    .addColumn("data", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("dedupe_key", "text", (c) => c.unique())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status in ('pending', 'sent', 'failed', 'skipped')`),
    )
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("locked_until", "timestamptz")
    .addColumn("locked_by", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("sent_at", "timestamptz")
    .execute();
  await db.schema
    .createIndex("mail_outbox_due")
    .on("mail_outbox")
    .columns(["next_attempt_at", "id"])
    .where(sql.ref("status"), "=", "pending")
    .execute();

  // §3 notification preferences (e-mail). No row = every preference on, nothing disabled.
  await db.schema
    .createTable("notification_settings")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("new_conversations", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("new_messages", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("like", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("unread_message_reminders", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("promotions", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("weekly_updates", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("news", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("reminders", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("notifications_disabled", "text", (c) =>
      c.check(sql`notifications_disabled in ('fbl', 'bounce', 'listunsubscribe')`),
    )
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // §4 pending deletion: one row while the account waits its 14 days (§9), kept (purged_at set)
  // once its personal data is purged; the reactivation token is stored hashed.
  await db.schema
    .createTable("account_deletions")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("reason", "text", (c) =>
      c
        .notNull()
        .check(
          sql`reason in ('price', 'found_someone', 'not_looking', 'site_problems', 'no_members', 'time', 'other')`,
        ),
    )
    .addColumn("remarks", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("previous_status", "text", (c) => c.notNull())
    .addColumn("requested_at", "timestamptz", (c) => c.notNull())
    .addColumn("purge_after", "timestamptz", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.unique())
    .addColumn("purged_at", "timestamptz")
    .execute();
  await db.schema
    .createIndex("account_deletions_due")
    .on("account_deletions")
    .column("purge_after")
    .where(sql.ref("purged_at"), "is", null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("account_deletions").ifExists().execute();
  await db.schema.dropTable("notification_settings").ifExists().execute();
  await db.schema.dropTable("mail_outbox").ifExists().execute();
}
