import { type Kysely, sql } from "kysely";

/**
 * Credit packages (§2 /credits package list, §3 Payment) and their prices, one row per package
 * and currency (§3: EUR, GBP, USD, CHF, PLN, CAD, AUD, NZD). Prices are integer cents: money is
 * never a float. Seeds the four packages the site sells.
 * Frozen in time: takes Kysely<any> and imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("credit_packages")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("credits", "integer", (c) => c.notNull().check(sql`credits > 0`))
    // The §2 best-value marking: stored, so a price change cannot silently move it.
    .addColumn("best_value", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    // Retired packages stay for the payments that reference them.
    .addColumn("active", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("credit_package_prices")
    .addColumn("package_id", "integer", (c) => c.notNull().references("credit_packages.id").onDelete("cascade"))
    .addColumn("currency", "text", (c) =>
      c.notNull().check(sql`currency in ('EUR', 'GBP', 'USD', 'CHF', 'PLN', 'CAD', 'AUD', 'NZD')`),
    )
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents > 0`))
    .addPrimaryKeyConstraint("credit_package_prices_pk", ["package_id", "currency"])
    .execute();

  // Prices in cents per currency. The largest package is the cheapest per credit: the best value.
  const packages: Array<{ credits: number; best: boolean; prices: Record<string, number> }> = [
    {
      credits: 100,
      best: false,
      prices: { EUR: 999, GBP: 899, USD: 1099, CHF: 999, PLN: 4499, CAD: 1499, AUD: 1599, NZD: 1799 },
    },
    {
      credits: 250,
      best: false,
      prices: { EUR: 1999, GBP: 1799, USD: 2199, CHF: 1999, PLN: 8999, CAD: 2999, AUD: 3299, NZD: 3599 },
    },
    {
      credits: 600,
      best: false,
      prices: { EUR: 3999, GBP: 3499, USD: 4399, CHF: 3999, PLN: 17999, CAD: 5999, AUD: 6499, NZD: 6999 },
    },
    {
      credits: 1500,
      best: true,
      prices: { EUR: 7999, GBP: 6999, USD: 8799, CHF: 7999, PLN: 35999, CAD: 11999, AUD: 12999, NZD: 13999 },
    },
  ];
  for (const [position, p] of packages.entries()) {
    const { id } = await db
      .insertInto("credit_packages")
      .values({ credits: p.credits, best_value: p.best, position })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("credit_package_prices")
      .values(Object.entries(p.prices).map(([currency, amount_cents]) => ({ package_id: id, currency, amount_cents })))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("credit_package_prices").ifExists().execute();
  await db.schema.dropTable("credit_packages").ifExists().execute();
}
