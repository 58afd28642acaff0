import { type Kysely, sql } from "kysely";

/**
 * The session look-up as database functions (issue 12), so its conditions are written once and
 * its plan is kept:
 *
 * `session_member(p_session)`: the member behind an unexpired session id (the SHA-256 of the
 * cookie token) whose moderation status is 'ok' and who has a profile: one row (id, status,
 * paid_user, language, name, last_event_seq), or none. Every authenticated call runs it
 * (sessions.repository findSessionMember, and findPollSession for the legacy polls). On the
 * embedded default PGlite plans every statement it is sent, and the look-up as a statement cost
 * about 0.8 ms of the database thread under load; PL/pgSQL keeps the plan of the query inside it
 * (measured ~0.35 ms). On PostgreSQL the driver already prepares the statement; the function adds
 * a few microseconds.
 *
 * `chat_send_checked(p_session, …)`: `chat_send_charged` (migration 2026_11_26_0100) behind the
 * WebSocket's session check, in the same statement. A WebSocket's context lives as long as the
 * connection, so each call re-checks its session (ARCHITECTURE "Real time": a session ended
 * anywhere is a visitor at once, even when the bus message that closes its sockets was lost).
 * For a message sent on a socket the check is the send's first step: when `session_member` finds
 * no member, or another member than `p_sender`, one row with outcome 'session_ended' and nothing
 * written; else exactly what `chat_send_charged` returns.
 *
 * Runs on PostgreSQL and PGlite. Frozen in time: imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
create function session_member(p_session text)
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

  await sql`
create function chat_send_checked(p_session text,
  p_sender integer, p_recipient integer, p_client_id uuid, p_body text, p_gift text,
  p_cost integer, p_reason text, p_reference text, p_message jsonb, p_site_domain text, p_push boolean)
returns table (outcome text, conversation_id integer, seq integer, message_id integer, created_at text,
  credits integer, free_messages_left integer, sender_event_seq integer, recipient_event_seq integer,
  mail_queued boolean, push_queued boolean)
language plpgsql as $fn$
begin
  perform 1 from session_member(p_session) m where m.id = p_sender;
  if not found then
    return query select 'session_ended'::text, null::integer, null::integer, null::integer, null::text,
      null::integer, null::integer, null::integer, null::integer, false, false;
    return;
  end if;
  return query select * from chat_send_charged(p_sender, p_recipient, p_client_id, p_body, p_gift, p_cost,
    p_reason, p_reference, p_message, p_site_domain, p_push);
end
$fn$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists chat_send_checked(text, integer, integer, uuid, text, text, integer, text, text, jsonb, text, boolean)`.execute(
    db,
  );
  await sql`drop function if exists session_member(text)`.execute(db);
}
