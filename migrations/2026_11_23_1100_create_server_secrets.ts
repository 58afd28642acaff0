import { type Kysely, sql } from "kysely";

/**
 * Secrets the server generates on first start when configuration gives none (ARCHITECTURE "The
 * edge": no secret has a built-in value): the payment webhook key today, VAPID keys later. Kept
 * in the database so every instance reads the same value; the first instance's insert wins.
 * Frozen in time: takes Kysely<any> and imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("server_secrets")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("server_secrets").ifExists().execute();
}
