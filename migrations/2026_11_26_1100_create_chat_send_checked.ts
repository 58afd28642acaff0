import { type Kysely, sql } from "kysely";

/**
 * `chat_send_checked`: `chat_send_charged` (migration 2026_11_26_0100) behind the WebSocket's
 * session check, in the same statement (issue 12).
 *
 * A WebSocket's context lives as long as the connection, so each call re-checks its session in
 * the database (ARCHITECTURE "Real time": a session ended anywhere is a visitor at once, even
 * when the bus message that closes its sockets was lost). For a chat message that check was a
 * statement of its own before the send's: on the embedded default it was a third of the database
 * thread's time per message. Here it is the first step of the send:
 *
 *  - the session `p_session` (the SHA-256 id of the cookie token) must exist, be unexpired,
 *    belong to `p_sender`, whose moderation status is 'ok' and who has a profile: the conditions
 *    of sessions.repository findSessionMember, which the other calls use;
 *  - otherwise one row with outcome 'session_ended' and nothing written (the service answers
 *    AUTHENTICATION_REQUIRED, as for any other call of an ended session);
 *  - else exactly what `chat_send_charged` returns (no row: the general path, which checks the
 *    session itself first).
 *
 * Runs on PostgreSQL and PGlite. Frozen in time: imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
create function chat_send_checked(p_session text,
  p_sender integer, p_recipient integer, p_client_id uuid, p_body text, p_gift text,
  p_cost integer, p_reason text, p_reference text, p_message jsonb, p_site_domain text, p_push boolean)
returns table (outcome text, conversation_id integer, seq integer, message_id integer, created_at text,
  credits integer, free_messages_left integer, sender_event_seq integer, recipient_event_seq integer,
  mail_queued boolean, push_queued boolean)
language plpgsql as $fn$
begin
  perform 1
    from sessions s
    join users u on u.id = s.user_id
    join profiles p on p.id = u.id
   where s.id = p_session and s.user_id = p_sender and s.expires_at > now() and u.moderation_status = 'ok';
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
}
