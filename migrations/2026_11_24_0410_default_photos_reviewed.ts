import { type Kysely, sql } from "kysely";

/**
 * Only uploads wait for review (issue 10): photos.reviewed_at defaults to now(), so photos written
 * by the demo seed or imports are not queued in /ops; the upload path (photos.repository
 * insertPhoto) writes null explicitly. Photos left unreviewed by a seed run after 2026_11_24_0400
 * count as reviewed.
 * Frozen in time: takes Kysely<any> and imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("photos")
    .alterColumn("reviewed_at", (c) => c.setDefault(sql`now()`))
    .execute();
  await sql`update photos set reviewed_at = created_at where reviewed_at is null and status = 'active'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("photos")
    .alterColumn("reviewed_at", (c) => c.dropDefault())
    .execute();
}
