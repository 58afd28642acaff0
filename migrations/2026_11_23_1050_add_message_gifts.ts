import { type Kysely, sql } from "kysely";

/**
 * Gifts in chat (§1, §3 gift_credits): a gift is a message carrying the gift's key; its charge
 * is the ledger row `gift:<client id>`, so a retried gift is charged once.
 * Frozen in time: takes Kysely<any> and imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("messages")
    .addColumn("gift", "text", (c) => c.check(sql`gift ~ '^[a-z_]{1,32}$'`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("messages").dropColumn("gift").execute();
}
