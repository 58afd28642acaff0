import { type Kysely, sql } from "kysely";

/**
 * Failed logins per account (§8 'Too many incorrect attempts, account blocked for {minutes} min.'),
 * kept in the database so every instance agrees. Keyed by the SHA-256 of the lower-cased
 * address typed, known or not, so the block reveals nothing about which addresses exist and
 * the table holds no addresses.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("login_attempts")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("window_started_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("blocked_until", "timestamptz")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("login_attempts").ifExists().execute();
}
