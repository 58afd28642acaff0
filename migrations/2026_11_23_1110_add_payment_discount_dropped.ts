import { type Kysely, sql } from "kysely";

/**
 * A discount found no longer valid when its payment completed (TIMEBONUS25 is for the first
 * purchase only, §9): the payment is kept (the member paid), its credits are what the amount paid
 * buys at the list price, and this flag records that the discount was dropped.
 * Frozen in time: takes Kysely<any> and imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("payments")
    .addColumn("discount_dropped", "boolean", (c) => c.notNull().defaultTo(sql`false`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("payments").dropColumn("discount_dropped").execute();
}
