import { type Kysely, sql } from "kysely";

/**
 * The session look-up once, in a form the planner can inline (issue 12: PostgreSQL's CPU per
 * message sent on a WebSocket).
 *
 * `chat_send_checked` re-checks the socket's session before each send by calling
 * `session_member()`, a PL/pgSQL function. PL/pgSQL runs its query, stores the rows in a tuple
 * store and returns them. On a loop of sends from one connection, that cost 45 µs of the
 * backend's CPU per send over `chat_send_charged` alone, against 20 µs for the same three-table
 * look-up written into the function (docs/performance.md "The session check of a WebSocket send").
 *
 * `session_member_rows()` is now the one place the rule lives: a SQL function, stable, not
 * strict, one SELECT. The planner replaces a call in a FROM clause with its query (SQL function
 * inlining), so it costs what the query costs.
 * - `chat_send_checked` reads it in its FROM clause.
 * - `session_member()` stays PL/pgSQL around it. The app calls it directly on every request, and
 *   PGlite plans each statement it is sent but keeps a PL/pgSQL function's plans
 *   (2026_11_26_1100).
 *
 * Same rule and same results as 2026_11_27_1300. Runs on PostgreSQL and PGlite. Frozen in time:
 * imports no application code.
 */
/**
 * chat_send_checked as 2026_11_26_1100 made it, with the session looked up through `lookup`:
 * `session_member_rows` (inlined) from this migration on, `session_member` before it.
 */
const chatSendChecked = (lookup: "session_member_rows" | "session_member") => sql`
create or replace function chat_send_checked(p_session text,
  p_sender integer, p_recipient integer, p_client_id uuid, p_body text, p_gift text,
  p_cost integer, p_reason text, p_reference text, p_message jsonb, p_site_domain text, p_push boolean)
returns table (outcome text, conversation_id integer, seq integer, message_id integer, created_at text,
  credits integer, free_messages_left integer, sender_event_seq integer, recipient_event_seq integer,
  mail_queued boolean, push_queued boolean)
language plpgsql as $fn$
begin
  perform 1 from ${sql.raw(lookup)}(p_session) m where m.id = p_sender;
  if not found then
    return query select 'session_ended'::text, null::integer, null::integer, null::integer, null::text,
      null::integer, null::integer, null::integer, null::integer, false, false;
    return;
  end if;
  return query select * from chat_send_charged(p_sender, p_recipient, p_client_id, p_body, p_gift, p_cost,
    p_reason, p_reference, p_message, p_site_domain, p_push);
end
$fn$`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
create function session_member_rows(p_session text)
returns table (id integer, status text, paid_user boolean, language text, name text, last_event_seq integer)
language sql stable as $fn$
  select u.id, u.status::text, u.paid_user, u.language::text, p.name::text, u.last_event_seq
    from sessions s
    join users u on u.id = s.user_id
    join profiles p on p.id = u.id
   where s.id = p_session and s.expires_at > now() and u.moderation_status = 'ok'
     and u.status <> 'pending_deletion'
$fn$`.execute(db);
  await sql`
create or replace function session_member(p_session text)
returns table (id integer, status text, paid_user boolean, language text, name text, last_event_seq integer)
language plpgsql stable as $fn$
begin
  return query select * from session_member_rows(p_session);
end
$fn$`.execute(db);
  await chatSendChecked("session_member_rows").execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await chatSendChecked("session_member").execute(db);
  // session_member as 2026_11_27_1300 made it (loaded only here: the test runner loads migrations
  // without resolving their relative imports).
  const previous = (await import(new URL("./2026_11_27_1300_replace_session_member.ts", import.meta.url).href)) as {
    up: (db: Kysely<any>) => Promise<void>;
  };
  await previous.up(db);
  await sql`drop function session_member_rows(text)`.execute(db);
}
