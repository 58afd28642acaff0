import { sql, type Kysely } from "kysely";

/**
 * profiles: no parallel workers (issue 13, member search on a million profiles). Its queries are
 * short and many at once (search pages and capped counts, profile cards); a parallel index scan
 * only added the workers' start-up to a search's capped count on a busy two-core machine, and
 * took those cores from the other requests.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table profiles set (parallel_workers = 0)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table profiles reset (parallel_workers)`.execute(db);
}
