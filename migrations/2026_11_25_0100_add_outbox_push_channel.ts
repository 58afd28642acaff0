import { type Kysely, sql } from "kysely";

/**
 * Issue 11 (§2, §4 push): Web Push notifications leave the process through the same outbox as
 * mails (ARCHITECTURE "Real time"): a row written in the transaction of the message or like that
 * caused it, claimed by the same workers with FOR UPDATE SKIP LOCKED and a lease, retried the same
 * way. `channel` says whether a row is a mail or a push; existing rows are mails.
 * Frozen in time: takes Kysely<any> and imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("mail_outbox")
    .addColumn("channel", "text", (c) =>
      c
        .notNull()
        .defaultTo("mail")
        .check(sql`channel in ('mail', 'push')`),
    )
    .execute();
  // The queue gauges (push_queue_depth, mail_queue_depth) count pending rows per channel at every scrape.
  await db.schema
    .createIndex("mail_outbox_pending_channel")
    .on("mail_outbox")
    .columns(["channel", "created_at"])
    .where(sql.ref("status"), "=", "pending")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("mail_outbox_pending_channel").ifExists().execute();
  await db.schema.alterTable("mail_outbox").dropColumn("channel").execute();
}
