import { sql, type Kysely } from "kysely";

/**
 * Member search on a million profiles (§2 /members, issue 13): the partial search indexes.
 *
 * Every index's predicate is `where visible`, the denormalised visibility rule (profiles.visible
 * is false for unconfirmed, pending-deletion, invisible, suspended and banned members), so hidden
 * members are not in the index at all and the safety rules cost no scan. Blocks between the viewer
 * and a member are per viewer and cannot be in an index predicate: the search leaves them out with
 * anti-joins on blocks' own indexes (blocks_pk, blocks_blocked_idx), see members.repository.ts.
 *
 * Each index ends in (last_active desc, id desc): the search order, so
 *  - a page is read in order and stops after pageSize + 1 rows (no sort of every match);
 *  - keyset pagination `(last_active, id) < (cursor)` is an index condition;
 *  - the capped total (count over `… order by last_active desc, id desc limit 1001`) is an
 *    index-only scan: the other filter columns are INCLUDEd, so no heap row is read for them.
 * One index per shape of the search form: country + gender, gender only, country only, nothing.
 * A region or an age range filters inside the index (INCLUDE columns).
 *
 * Cost: four indexes carry last_active, so an update of it (recordActivity, throttled) writes
 * four index entries instead of two. Plain CREATE INDEX (the migration runs in a transaction):
 * on a large live table run it in a quiet hour.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists profiles_search_idx`.execute(db);
  await sql`drop index if exists profiles_search_any_country_idx`.execute(db);
  await sql`create index profiles_search_idx on profiles (country, gender, last_active desc, id desc)
    include (birth_date, region) where visible`.execute(db);
  await sql`create index profiles_search_any_country_idx on profiles (gender, last_active desc, id desc)
    include (country, birth_date, region) where visible`.execute(db);
  await sql`create index profiles_search_country_idx on profiles (country, last_active desc, id desc)
    include (gender, birth_date, region) where visible`.execute(db);
  await sql`create index profiles_search_all_idx on profiles (last_active desc, id desc)
    include (gender, country, birth_date, region) where visible`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists profiles_search_all_idx`.execute(db);
  await sql`drop index if exists profiles_search_country_idx`.execute(db);
  await sql`drop index if exists profiles_search_any_country_idx`.execute(db);
  await sql`drop index if exists profiles_search_idx`.execute(db);
  await sql`create index profiles_search_idx on profiles (country, gender, last_active desc) where visible`.execute(db);
  await sql`create index profiles_search_any_country_idx on profiles (gender, last_active desc) where visible`.execute(
    db,
  );
}
