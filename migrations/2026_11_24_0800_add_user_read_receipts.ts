import { type Kysely, sql } from "kysely";

/**
 * Read receipts (issue 14, beyond the spec): a member's choice to show 'Seen' and typing to
 * others. Privacy is reciprocal: the chats service shows either only when both members have it
 * on, so turning it off also stops seeing the other's. On by default, as chat users expect.
 * Owned by the chats feature. Frozen in time: takes Kysely<any> and imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("read_receipts", "boolean", (c) => c.notNull().defaultTo(sql`true`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("read_receipts").execute();
}
