import { type Kysely, sql } from "kysely";

/**
 * Discount codes (§3 Discount code, §5, §8) and their redemptions, the welcome time bonus
 * TIMEBONUS25 (§4, §9) among them, and idempotency keys for retried mutations whose answer
 * is not a row of its own (use discount code).
 * Frozen in time: takes Kysely<any> and imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("discount_codes")
    .addColumn("id", "serial", (c) => c.primaryKey())
    // Stored in upper case; members type codes in any case.
    .addColumn("code", "text", (c) =>
      c
        .notNull()
        .unique()
        .check(sql`code = upper(code) and length(code) between 1 and 64`),
    )
    // 'welcome_bonus': the §4 time bonus, valid for a member only in the first 4 hours and before a purchase.
    .addColumn("kind", "text", (c) =>
      c
        .notNull()
        .defaultTo("code")
        .check(sql`kind in ('code', 'welcome_bonus')`),
    )
    // Below 100: a payment is never of zero.
    .addColumn("value_percentage", "integer", (c) => c.notNull().check(sql`value_percentage between 1 and 99`))
    // Cents of `currency`: a minimum order needs a currency to be compared in.
    .addColumn("minimum_order_value", "integer", (c) => c.check(sql`minimum_order_value > 0`))
    .addColumn("country", "text")
    // A personal code: only this member may use it.
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("expires", "timestamptz")
    .addColumn("currency", "text")
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("active")
        .check(sql`status in ('active', 'inactive')`),
    )
    .addColumn("validity", "text", (c) =>
      c
        .notNull()
        .defaultTo("once_per_user")
        .check(sql`validity in ('once_per_user', 'unlimited')`),
    )
    // Empty: every payment method.
    .addColumn("paymentmethods", sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("discount_codes_minimum_has_currency", sql`minimum_order_value is null or currency is not null`)
    .execute();

  // §9: TIMEBONUS25, 25 percent, once per user, active, first purchase only, 4 hours from signup.
  await db
    .insertInto("discount_codes")
    .values({
      code: "TIMEBONUS25",
      kind: "welcome_bonus",
      value_percentage: 25,
      status: "active",
      validity: "once_per_user",
    })
    .execute();

  // A member's hold on a code: applied (payment_id null), reserved by a payment in progress
  // (payment_id set), or used (used_at set, when that payment completed). A failed or cancelled
  // payment gives the code back (payment_id null again). Reusable codes get a row per payment.
  await db.schema
    .createTable("discount_redemptions")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("code_id", "integer", (c) => c.notNull().references("discount_codes.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // Copied from the code, so the partial unique index below can see it.
    .addColumn("once_per_user", "boolean", (c) => c.notNull())
    .addColumn("payment_id", "integer", (c) => c.references("payments.id").onDelete("set null"))
    .addColumn("used_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("discount_redemptions_used_by_payment", sql`used_at is null or payment_id is not null`)
    .execute();
  // §5, §8 once-per-user codes: one redemption per (code, member), whatever happens at once.
  await sql`create unique index discount_redemptions_once_uq on discount_redemptions (code_id, user_id) where once_per_user`.execute(
    db,
  );
  // One discount per payment.
  await sql`create unique index discount_redemptions_payment_uq on discount_redemptions (payment_id) where payment_id is not null`.execute(
    db,
  );
  await db.schema
    .createIndex("discount_redemptions_user_idx")
    .on("discount_redemptions")
    .columns(["user_id", "id"])
    .execute();

  // Answers of retried mutations, by the client's key (ARCHITECTURE: a retry returns the first result).
  await db.schema
    .createTable("idempotency_keys")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("operation", "text", (c) => c.notNull())
    .addColumn("key", "uuid", (c) => c.notNull())
    // The request the key was first used for: the same key with another request is refused.
    .addColumn("request_hash", "text", (c) => c.notNull())
    .addColumn("response", "jsonb", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("idempotency_keys_pk", ["user_id", "operation", "key"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["idempotency_keys", "discount_redemptions", "discount_codes"])
    await db.schema.dropTable(t).ifExists().execute();
}
