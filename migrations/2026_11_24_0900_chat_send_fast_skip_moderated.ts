import { type Kysely, sql } from "kysely";

/**
 * chat_send_fast (migration 2026_11_24_0500) again, with one change: a recipient whom an
 * operator suspended or banned (users.moderation_status, issue 10) is not the common case, so
 * the function returns no row and chats.service runs its general transaction, which refuses
 * the message with nothing charged (members.isClosedToOthers, §4). Everything else is as in
 * 2026_11_24_0500; `down` restores that version.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
create or replace function chat_send_fast(
  p_sender integer, p_recipient integer, p_client_id uuid, p_body text, p_gift text,
  p_cost integer, p_reason text, p_reference text, p_message jsonb)
returns table (conversation_id integer, seq integer, message_id integer, created_at text, credits integer,
  free_messages_left integer, sender_event_seq integer, recipient_event_seq integer)
language plpgsql as $fn$
declare
  m record;
  s_found boolean := false;
  s_status text;
  s_paid boolean;
  s_credits integer;
  s_free integer;
  r_status text;
  v_conv integer;
  v_seq integer;
  v_credits integer;
  v_id integer;
  v_at timestamptz;
  v_at_text text;
  v_unread integer;
  v_msg jsonb;
  v_sender_seq integer;
  v_recipient_seq integer;
begin
  if p_sender = p_recipient or p_cost <= 0 then return; end if;
  for m in
    select u.id, u.status, u.moderation_status, u.paid_user, u.credits, u.free_messages_left
    from users u join profiles p on p.id = u.id
    where u.id in (p_sender, p_recipient)
    order by u.id
    for update of u
  loop
    if m.id = p_sender then
      s_found := true; s_status := m.status; s_paid := m.paid_user; s_credits := m.credits; s_free := m.free_messages_left;
    else
      -- issue 10: a suspended or banned recipient takes the general path, which refuses it.
      r_status := case when m.moderation_status = 'ok' then m.status else 'moderated' end;
    end if;
  end loop;
  if not s_found or r_status is null then return; end if;
  if s_status <> 'active' or r_status <> 'active' then return; end if;
  if p_gift is null and not s_paid and s_free > 0 then return; end if;
  if s_credits < p_cost then return; end if;
  -- §4, §6: a block either way (blocks, migration 2026_11_24_0300).
  if exists (select 1 from blocks b
             where (b.blocker_id = p_sender and b.blocked_id = p_recipient)
                or (b.blocker_id = p_recipient and b.blocked_id = p_sender)) then
    return;
  end if;

  update conversations c set last_seq = c.last_seq + 1, last_message_at = now()
   where c.member_low_id = least(p_sender, p_recipient) and c.member_high_id = greatest(p_sender, p_recipient)
   returning c.id, c.last_seq into v_conv, v_seq;
  if v_conv is null then return; end if;

  update users u set credits = u.credits - p_cost
   where u.id = p_sender and u.credits >= p_cost
   returning u.credits into v_credits;
  if v_credits is null then raise exception 'chat_send_fast: general path' using errcode = 'AMSLW'; end if;
  insert into credit_ledger (user_id, delta, balance_after, reason, reference)
  values (p_sender, -p_cost, v_credits, p_reason, p_reference);

  insert into messages (conversation_id, seq, sender_id, client_id, body, credits_charged, gift)
  values (v_conv, v_seq, p_sender, p_client_id, p_body, p_cost, p_gift)
  returning messages.id, messages.created_at into v_id, v_at;

  update conversation_members cm set
    unread_count = cm.unread_count + case when cm.user_id = p_recipient then 1 else 0 end,
    last_read_seq = case when cm.user_id = p_sender then v_seq else cm.last_read_seq end,
    removed = false,
    last_message_at = now()
   where cm.conversation_id = v_conv and cm.user_id in (p_sender, p_recipient);
  select cm.unread_count into v_unread from conversation_members cm
   where cm.conversation_id = v_conv and cm.user_id = p_recipient;
  if v_unread is null or v_unread <= 1 then
    raise exception 'chat_send_fast: general path' using errcode = 'AMSLW';
  end if;

  v_at_text := to_char(v_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  v_msg := p_message || jsonb_build_object('id', v_id, 'conversationId', v_conv, 'seq', v_seq, 'createdAt', v_at_text);
  update users u set last_event_seq = u.last_event_seq + 1 where u.id = p_sender returning u.last_event_seq into v_sender_seq;
  update users u set last_event_seq = u.last_event_seq + 1 where u.id = p_recipient returning u.last_event_seq into v_recipient_seq;
  insert into member_events (user_id, seq, type, payload) values
    (p_recipient, v_recipient_seq, 'message.new', jsonb_build_object('type', 'message.new', 'conversationId', v_conv,
      'otherProfileId', p_sender, 'message', v_msg)),
    (p_sender, v_sender_seq, 'message.new', jsonb_build_object('type', 'message.new', 'conversationId', v_conv,
      'otherProfileId', p_recipient, 'message', v_msg));

  return query select v_conv, v_seq, v_id, v_at_text, v_credits, s_free, v_sender_seq, v_recipient_seq;
end
$fn$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await restorePrevious(db);
}

/** chat_send_fast exactly as migration 2026_11_24_0500 created it (migrations import nothing). */
async function restorePrevious(db: Kysely<any>): Promise<void> {
  await sql`
create or replace function chat_send_fast(
  p_sender integer, p_recipient integer, p_client_id uuid, p_body text, p_gift text,
  p_cost integer, p_reason text, p_reference text, p_message jsonb)
returns table (conversation_id integer, seq integer, message_id integer, created_at text, credits integer,
  free_messages_left integer, sender_event_seq integer, recipient_event_seq integer)
language plpgsql as $fn$
declare
  m record;
  s_found boolean := false;
  s_status text;
  s_paid boolean;
  s_credits integer;
  s_free integer;
  r_status text;
  v_conv integer;
  v_seq integer;
  v_credits integer;
  v_id integer;
  v_at timestamptz;
  v_at_text text;
  v_unread integer;
  v_msg jsonb;
  v_sender_seq integer;
  v_recipient_seq integer;
begin
  if p_sender = p_recipient or p_cost <= 0 then return; end if;
  for m in
    select u.id, u.status, u.paid_user, u.credits, u.free_messages_left
    from users u join profiles p on p.id = u.id
    where u.id in (p_sender, p_recipient)
    order by u.id
    for update of u
  loop
    if m.id = p_sender then
      s_found := true; s_status := m.status; s_paid := m.paid_user; s_credits := m.credits; s_free := m.free_messages_left;
    else
      r_status := m.status;
    end if;
  end loop;
  if not s_found or r_status is null then return; end if;
  if s_status <> 'active' or r_status <> 'active' then return; end if;
  if p_gift is null and not s_paid and s_free > 0 then return; end if;
  if s_credits < p_cost then return; end if;
  -- §4, §6: a block either way (blocks, migration 2026_11_24_0300).
  if exists (select 1 from blocks b
             where (b.blocker_id = p_sender and b.blocked_id = p_recipient)
                or (b.blocker_id = p_recipient and b.blocked_id = p_sender)) then
    return;
  end if;

  update conversations c set last_seq = c.last_seq + 1, last_message_at = now()
   where c.member_low_id = least(p_sender, p_recipient) and c.member_high_id = greatest(p_sender, p_recipient)
   returning c.id, c.last_seq into v_conv, v_seq;
  if v_conv is null then return; end if;

  update users u set credits = u.credits - p_cost
   where u.id = p_sender and u.credits >= p_cost
   returning u.credits into v_credits;
  if v_credits is null then raise exception 'chat_send_fast: general path' using errcode = 'AMSLW'; end if;
  insert into credit_ledger (user_id, delta, balance_after, reason, reference)
  values (p_sender, -p_cost, v_credits, p_reason, p_reference);

  insert into messages (conversation_id, seq, sender_id, client_id, body, credits_charged, gift)
  values (v_conv, v_seq, p_sender, p_client_id, p_body, p_cost, p_gift)
  returning messages.id, messages.created_at into v_id, v_at;

  update conversation_members cm set
    unread_count = cm.unread_count + case when cm.user_id = p_recipient then 1 else 0 end,
    last_read_seq = case when cm.user_id = p_sender then v_seq else cm.last_read_seq end,
    removed = false,
    last_message_at = now()
   where cm.conversation_id = v_conv and cm.user_id in (p_sender, p_recipient);
  select cm.unread_count into v_unread from conversation_members cm
   where cm.conversation_id = v_conv and cm.user_id = p_recipient;
  if v_unread is null or v_unread <= 1 then
    raise exception 'chat_send_fast: general path' using errcode = 'AMSLW';
  end if;

  v_at_text := to_char(v_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  v_msg := p_message || jsonb_build_object('id', v_id, 'conversationId', v_conv, 'seq', v_seq, 'createdAt', v_at_text);
  update users u set last_event_seq = u.last_event_seq + 1 where u.id = p_sender returning u.last_event_seq into v_sender_seq;
  update users u set last_event_seq = u.last_event_seq + 1 where u.id = p_recipient returning u.last_event_seq into v_recipient_seq;
  insert into member_events (user_id, seq, type, payload) values
    (p_recipient, v_recipient_seq, 'message.new', jsonb_build_object('type', 'message.new', 'conversationId', v_conv,
      'otherProfileId', p_sender, 'message', v_msg)),
    (p_sender, v_sender_seq, 'message.new', jsonb_build_object('type', 'message.new', 'conversationId', v_conv,
      'otherProfileId', p_recipient, 'message', v_msg));

  return query select v_conv, v_seq, v_id, v_at_text, v_credits, s_free, v_sender_seq, v_recipient_seq;
end
$fn$`.execute(db);
}
