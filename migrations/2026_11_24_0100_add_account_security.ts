import { type Kysely, sql } from "kysely";

/**
 * Account security (issue 9 part A, §4, §8):
 * - email_tokens.new_email: the address a "change_email" link confirms (the token row carries it,
 *   so a link confirms exactly the address it was sent to).
 * - password_reset_mails: reset mails per typed address (SHA-256, like login_attempts) in a
 *   24-hour window, counted in one conditional upsert so three mails per address hold across
 *   instances (§8 'Too many password reset emails sent, please try again tomorrow.').
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("email_tokens").addColumn("new_email", "text").execute();
  await db.schema
    .createIndex("email_tokens_user_purpose_idx")
    .on("email_tokens")
    .columns(["user_id", "purpose"])
    .execute();
  await db.schema
    .createTable("password_reset_mails")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("mails", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("window_started_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("password_reset_mails").ifExists().execute();
  await db.schema.dropIndex("email_tokens_user_purpose_idx").ifExists().execute();
  await db.schema.alterTable("email_tokens").dropColumn("new_email").execute();
}
