import { type Kysely, sql } from "kysely";

/**
 * Payments (§3 Payment, §4 loading → pending → completed | failed | cancelled), the webhook
 * events received (replays are recognised by the provider's event id), and the built-in
 * simulated provider's own store (its hosted checkout sessions and saved cards), which a real
 * provider would keep on its side.
 * Frozen in time: takes Kysely<any> and imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("payments")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("package_id", "integer", (c) => c.notNull().references("credit_packages.id"))
    // What was bought and paid, copied at the start: a later price change does not rewrite history.
    .addColumn("credits", "integer", (c) => c.notNull().check(sql`credits > 0`))
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("list_amount_cents", "integer", (c) => c.notNull().check(sql`list_amount_cents > 0`))
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn("discount_code", "text")
    .addColumn("discount_percentage", "integer", (c) => c.check(sql`discount_percentage between 1 and 99`))
    .addColumn("method", "text", (c) => c.notNull())
    // §4 payment states. Every change is conditional on the state it leaves (WHERE status = …),
    // so a repeated or racing webhook changes a payment once.
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("loading")
        .check(sql`status in ('loading', 'pending', 'completed', 'failed', 'cancelled')`),
    )
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("provider_reference", "text")
    .addColumn("checkout_url", "text")
    // A repeat order charged to a saved card without the payer (§2 repeat order, §8).
    .addColumn("recurring", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("card_mandate_reference", "text")
    .addColumn("card_last4", "text")
    .addColumn("direct_debit_mandate_id", "integer", (c) =>
      c.references("direct_debit_mandates.id").onDelete("set null"),
    )
    .addColumn("failure_reason", "text")
    // §3 refund days of the site at the time of purchase.
    .addColumn("refund_days", "integer", (c) => c.notNull().check(sql`refund_days >= 0`))
    // Client-generated; a retried start returns the first payment (ARCHITECTURE "Rules that shape the data").
    .addColumn("idempotency_key", "uuid", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("completed_at", "timestamptz")
    .addUniqueConstraint("payments_idempotency_uq", ["user_id", "idempotency_key"])
    .addCheckConstraint("payments_discount_not_above_list", sql`amount_cents <= list_amount_cents`)
    .addCheckConstraint("payments_completed_at", sql`(status = 'completed') = (completed_at is not null)`)
    .execute();
  await db.schema.createIndex("payments_user_idx").on("payments").columns(["user_id", "id"]).execute();
  await sql`create unique index payments_provider_reference_uq on payments (provider, provider_reference) where provider_reference is not null`.execute(
    db,
  );

  // Webhook events received, one row per provider event id: a replayed event is recognised and
  // ignored. Written in the transaction that applies the event.
  await db.schema
    .createTable("payment_webhook_events")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("payment_id", "integer", (c) => c.references("payments.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    // Whether the event changed the payment (false: it found the payment already settled).
    .addColumn("applied", "boolean", (c) => c.notNull())
    .addColumn("received_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("payment_webhook_events_uq", ["provider", "event_id"])
    .execute();

  // The simulated provider's side: hosted checkout sessions and saved test cards. No foreign
  // keys into the site's tables: a provider knows the site's payment only by the id it was given.
  await db.schema
    .createTable("simulated_checkout_sessions")
    .addColumn("reference", "text", (c) => c.primaryKey())
    .addColumn("merchant_payment_id", "integer", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("merchant_name", "text", (c) => c.notNull())
    .addColumn("return_url", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("open")
        .check(sql`status in ('open', 'completed', 'failed', 'cancelled')`),
    )
    .addColumn("failure_reason", "text")
    .addColumn("card_last4", "text")
    .addColumn("card_mandate_reference", "text")
    .addColumn("iban_masked", "text")
    .addColumn("recurring", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("decided_at", "timestamptz")
    .execute();

  await db.schema
    .createTable("simulated_card_mandates")
    .addColumn("reference", "text", (c) => c.primaryKey())
    .addColumn("card_last4", "text", (c) => c.notNull())
    // Test card 4000 0000 0000 0341: the first payment succeeds, later recurring charges decline.
    .addColumn("declines_recurring", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["simulated_card_mandates", "simulated_checkout_sessions", "payment_webhook_events", "payments"]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
