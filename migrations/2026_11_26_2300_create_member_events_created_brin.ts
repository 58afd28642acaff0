import { sql, type Kysely } from "kysely";

/**
 * member_events by age: a BRIN index on created_at, for the prune of events older than the live
 * resume window (live.service pruneLiveEvents). Rows are appended in time order, so a BRIN index
 * (a few pages for millions of rows, almost free to keep up on the send path) finds the old ones
 * without reading the table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index member_events_created_brin on member_events using brin (created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index member_events_created_brin`.execute(db);
}
