import { sql, type Kysely } from "kysely";

/**
 * The operator console's list of suspended and banned members (moderation.queue `restricted`):
 * a partial index holds only them, so the list reads a handful of index entries, not the users
 * table, and the send path's updates of users (balances, event numbers) never touch it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index users_restricted_idx on users (id) where moderation_status <> 'ok'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index users_restricted_idx`.execute(db);
}
