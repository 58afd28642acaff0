import { sql, type Kysely } from "kysely";

/**
 * Only an active photo can be main (issue 10): the main photo is public on every card, so a
 * photo no operator approved yet (photo_moderation 'pre') or one an operator hid must never be
 * it. Deleting the main photo used to promote the next public photo whatever its status; rows
 * left that way lose the flag, and each member without a main photo gets their first active
 * public one (as photo deletion now picks it), before the constraint holds the rule for every
 * writer.
 * Frozen in time: takes Kysely<any> and imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update photos set is_main = false where is_main and status <> 'active'`.execute(db);
  await sql`
    update photos set is_main = true
    where id in (
      select distinct on (p.profile_id) p.id
      from photos p
      where p.status = 'active' and not p.is_private
        and not exists (select 1 from photos m where m.profile_id = p.profile_id and m.is_main)
      order by p.profile_id, p.position, p.id
    )`.execute(db);
  await sql`alter table photos add constraint photos_main_is_active check (not is_main or status = 'active')`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table photos drop constraint photos_main_is_active`.execute(db);
}
