import { type Kysely, sql } from "kysely";

/**
 * Direct debit (§2 /directdebit, §3 direct debit form, §5, §8): SEPA mandates confirmed by a
 * code sent by SMS, the SMS log (for the daily limit) and direct-debit blocks.
 * Frozen in time: takes Kysely<any> and imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("direct_debit_mandates")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // The mandate reference the bank sees on each collection.
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("account_holder", "text", (c) => c.notNull())
    // Electronic format (no spaces, upper case); validated by the service before it gets here.
    .addColumn("iban", "text", (c) => c.notNull())
    .addColumn("street", "text", (c) => c.notNull())
    .addColumn("house_number", "text", (c) => c.notNull())
    .addColumn("zip", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    // E.164.
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending_verification")
        .check(sql`status in ('pending_verification', 'active', 'revoked')`),
    )
    // Only a hash of the SMS code is kept: a leaked table confirms no mandate.
    .addColumn("otp_hash", "text")
    .addColumn("otp_expires_at", "timestamptz")
    .addColumn("otp_attempts", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`otp_attempts >= 0`),
    )
    .addColumn("consent_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("verified_at", "timestamptz")
    // An active mandate was confirmed with the SMS code and the consent checkbox (§5).
    .addCheckConstraint(
      "direct_debit_mandates_active_confirmed",
      sql`status <> 'active' or (verified_at is not null and consent_at is not null)`,
    )
    .execute();
  // One active and one unconfirmed mandate per member at most: a racing second confirmation fails.
  await sql`create unique index direct_debit_mandates_one_active_uq on direct_debit_mandates (user_id) where status = 'active'`.execute(
    db,
  );
  await sql`create unique index direct_debit_mandates_one_pending_uq on direct_debit_mandates (user_id) where status = 'pending_verification'`.execute(
    db,
  );

  // §8 'account blocked for direct debit': by member, or by account (an IBAN's SHA-256), so a
  // blocked account cannot come back under another member.
  await db.schema
    .createTable("direct_debit_blocks")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("iban_sha256", "text")
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("direct_debit_blocks_target", sql`user_id is not null or iban_sha256 is not null`)
    .execute();
  await db.schema.createIndex("direct_debit_blocks_user_idx").on("direct_debit_blocks").column("user_id").execute();
  await db.schema.createIndex("direct_debit_blocks_iban_idx").on("direct_debit_blocks").column("iban_sha256").execute();

  // Every SMS sent, for the per-member daily limit (counted across instances).
  await db.schema
    .createTable("sms_messages")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("sent_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("sms_messages_user_idx").on("sms_messages").columns(["user_id", "sent_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["sms_messages", "direct_debit_blocks", "direct_debit_mandates"])
    await db.schema.dropTable(t).ifExists().execute();
}
