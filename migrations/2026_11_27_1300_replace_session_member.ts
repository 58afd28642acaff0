import { type Kysely, sql } from "kysely";

/**
 * `session_member(p_session)` (migration 2026_11_26_1100) also refuses a member whose account is
 * pending deletion (§4): a deletion ends every session, but a login that checked the account
 * just before the deletion committed could still insert one after it (security review,
 * 2026-11-27). Such a session now answers as a visitor everywhere the look-up is used: every
 * tRPC call, the legacy polls and chat_send_checked. Reactivation restores the status before it
 * creates its session (account-deletion deletion.service), so it is not affected.
 * Runs on PostgreSQL and PGlite. Frozen in time: imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
create or replace function session_member(p_session text)
returns table (id integer, status text, paid_user boolean, language text, name text, last_event_seq integer)
language plpgsql stable as $fn$
begin
  return query
    select u.id, u.status::text, u.paid_user, u.language::text, p.name::text, u.last_event_seq
      from sessions s
      join users u on u.id = s.user_id
      join profiles p on p.id = u.id
     where s.id = p_session and s.expires_at > now() and u.moderation_status = 'ok'
       and u.status <> 'pending_deletion';
end
$fn$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
create or replace function session_member(p_session text)
returns table (id integer, status text, paid_user boolean, language text, name text, last_event_seq integer)
language plpgsql stable as $fn$
begin
  return query
    select u.id, u.status::text, u.paid_user, u.language::text, p.name::text, u.last_event_seq
      from sessions s
      join users u on u.id = s.user_id
      join profiles p on p.id = u.id
     where s.id = p_session and s.expires_at > now() and u.moderation_status = 'ok';
end
$fn$`.execute(db);
}
