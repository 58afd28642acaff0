import { type Kysely, sql } from "kysely";

/**
 * `chat_send_charged` (migration 2026_11_26_0100) decides a send its balance cannot pay without
 * row locks (issue 13, bench:credits): the §2 not-enough-credits refusal and the answer to a
 * retry of a stored message write nothing, yet both used to lock the sender and the recipient
 * first, which gave the statement a transaction id, WAL records for the two row locks and a WAL
 * flush at commit, and queued the recipient's paid sends behind the refusal.
 *
 * Now the sender's balance is read first without a lock (one primary-key look-up). When it pays,
 * everything runs as before, under both members' row locks in id order. When it does not, the same
 * checks run on rows read without locks, and the refusal or the retry's answer is returned from
 * there; any other outcome returns no row (the general transaction decides it under its own
 * locks, as before). A balance that pays on the second read (a purchase committed in between) takes
 * the locked pass.
 *
 * Why no lock is needed for these answers (READ COMMITTED, one snapshot per statement): a
 * balance rises only by a purchase or another grant. A send of this member still running when the
 * balance was read debits only a balance that pays under its own lock, so it can succeed while this
 * send is refused only if a grant committed in between: the two answers then differ as they would
 * for two sends a moment apart. The retry's message is looked up after the balance was read, so a
 * send committed by then (its debit and its message commit together) is found and answered as the
 * retry's. No write depends on these reads.
 *
 * Same signature and result as before (see 2026_11_26_0100). Runs on PostgreSQL and PGlite.
 * Frozen in time: imports no application code; `down` recreates the previous version through
 * that migration's own `up`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
create or replace function chat_send_charged(
  p_sender integer, p_recipient integer, p_client_id uuid, p_body text, p_gift text,
  p_cost integer, p_reason text, p_reference text, p_message jsonb, p_site_domain text, p_push boolean)
returns table (outcome text, conversation_id integer, seq integer, message_id integer, created_at text,
  credits integer, free_messages_left integer, sender_event_seq integer, recipient_event_seq integer,
  mail_queued boolean, push_queued boolean)
language plpgsql as $fn$
declare
  m record;
  s_found boolean := false;
  s_status text;
  s_paid boolean;
  s_credits integer;
  s_free integer;
  r_status text;
  r_visible boolean;
  v_new boolean := false;
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
  v_mail boolean := false;
  v_push boolean := false;
  v_locked boolean;
begin
  if p_sender = p_recipient or p_cost <= 0 then return; end if;
  -- Most sends are paid for: they lock both members at once. A send whose balance, read without a
  -- lock, cannot pay is first decided without locks (the §2 refusal and a retry's answer write
  -- nothing, so they take no row lock, no transaction id and no WAL flush at commit, and do not
  -- queue the recipient's paid sends behind them); it takes the locks only if a purchase landed
  -- between the two reads.
  v_locked := coalesce((select u.credits >= p_cost from users u where u.id = p_sender), false);
  loop
    s_found := false;
    r_status := null;
    if v_locked then
      for m in
        select u.id, u.status, u.moderation_status, u.paid_user, u.credits, u.free_messages_left, p.visible
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
          r_visible := m.visible;
        end if;
      end loop;
    else
      for m in
        select u.id, u.status, u.moderation_status, u.paid_user, u.credits, u.free_messages_left, p.visible
        from users u join profiles p on p.id = u.id
        where u.id in (p_sender, p_recipient)
      loop
        if m.id = p_sender then
          s_found := true; s_status := m.status; s_paid := m.paid_user; s_credits := m.credits; s_free := m.free_messages_left;
        else
          r_status := case when m.moderation_status = 'ok' then m.status else 'moderated' end;
          r_visible := m.visible;
        end if;
      end loop;
    end if;
    if not s_found or r_status is null then return; end if;
    if s_status <> 'active' or r_status <> 'active' then return; end if;
    -- §4, §6: a block either way (blocks, migration 2026_11_24_0300).
    if exists (select 1 from blocks b
               where (b.blocker_id = p_sender and b.blocked_id = p_recipient)
                  or (b.blocker_id = p_recipient and b.blocked_id = p_sender)) then
      return;
    end if;
    if p_gift is null and not s_paid and s_free > 0 then return; end if;

    if s_credits < p_cost then
      -- A retry of a send that went through is answered with the earlier message, whatever the
      -- balance is now: under the locks, that send held them until it committed; without them,
      -- this look-up runs after the balance was read, so it finds a send committed by then (its
      -- debit and its message commit together).
      if exists (select 1 from messages mm where mm.sender_id = p_sender and mm.client_id = p_client_id) then
        return query select 'duplicate'::text, null::integer, null::integer, null::integer, null::text,
          s_credits, s_free, null::integer, null::integer, false, false;
        return;
      end if;
      -- §4: a first message to a hidden member, or a free member's, is refused otherwise there.
      if not (r_visible and s_paid) and not exists (
          select 1 from conversations c
           where c.member_low_id = least(p_sender, p_recipient) and c.member_high_id = greatest(p_sender, p_recipient)) then
        return;
      end if;
      return query select 'not_enough_credits'::text, null::integer, null::integer, null::integer, null::text,
        s_credits, s_free, null::integer, null::integer, false, false;
      return;
    end if;
    exit when v_locked;
    -- A purchase landed between the two reads: decide again under the locks.
    v_locked := true;
  end loop;

  -- The conversation's next seq under its row lock; the pair's conversation cannot appear or
  -- vanish meanwhile (starting or deleting one locks both members).
  update conversations c set last_seq = c.last_seq + 1, last_message_at = now()
   where c.member_low_id = least(p_sender, p_recipient) and c.member_high_id = greatest(p_sender, p_recipient)
   returning c.id, c.last_seq into v_conv, v_seq;
  if v_conv is null then
    -- §4: a hidden member is not written to first; a free member's started conversations are counted there.
    if not r_visible or not s_paid then return; end if;
    v_new := true;
    insert into conversations (member_low_id, member_high_id, started_by, last_seq, last_message_at)
    values (least(p_sender, p_recipient), greatest(p_sender, p_recipient), p_sender, 1, now())
    returning conversations.id into v_conv;
    v_seq := 1;
    insert into conversation_members (conversation_id, user_id, other_user_id, unread_count, last_read_seq, last_message_at)
    values (v_conv, p_sender, p_recipient, 0, 1, now()), (v_conv, p_recipient, p_sender, 1, 0, now());
    v_unread := 1;
  else
    with cm as (
      update conversation_members cm set
        unread_count = cm.unread_count + case when cm.user_id = p_recipient then 1 else 0 end,
        last_read_seq = case when cm.user_id = p_sender then v_seq else cm.last_read_seq end,
        removed = false,
        last_message_at = now()
       where cm.conversation_id = v_conv and cm.user_id in (p_sender, p_recipient)
       returning cm.user_id, cm.unread_count)
    select cm.unread_count into v_unread from cm where cm.user_id = p_recipient;
    if v_unread is null then
      raise exception 'chat_send_charged: general path' using errcode = 'AMSLW';
    end if;
  end if;

  -- The conditional debit (credits >= cost) and both members' next event numbers, in one
  -- statement under the member locks.
  for m in
    update users u set
      credits = u.credits - case when u.id = p_sender then p_cost else 0 end,
      last_event_seq = u.last_event_seq + 1
     where u.id in (p_sender, p_recipient) and (u.id <> p_sender or u.credits >= p_cost)
     returning u.id, u.credits, u.last_event_seq
  loop
    if m.id = p_sender then
      v_credits := m.credits; v_sender_seq := m.last_event_seq;
    else
      v_recipient_seq := m.last_event_seq;
    end if;
  end loop;
  if v_credits is null or v_recipient_seq is null then
    raise exception 'chat_send_charged: general path' using errcode = 'AMSLW';
  end if;
  insert into credit_ledger (user_id, delta, balance_after, reason, reference)
  values (p_sender, -p_cost, v_credits, p_reason, p_reference);

  insert into messages (conversation_id, seq, sender_id, client_id, body, credits_charged, gift)
  values (v_conv, v_seq, p_sender, p_client_id, p_body, p_cost, p_gift)
  returning messages.id, messages.created_at into v_id, v_at;

  -- §3: a new conversation, or the first unread message of one (batched until read), is mailed
  -- when the recipient's preference is on and e-mail is not disabled (no settings row: all on).
  if v_unread = 1 then
    insert into mail_outbox (channel, kind, user_id, site_domain, data, next_attempt_at)
    select 'mail', case when v_new then 'new_conversation' else 'new_message' end, p_recipient, p_site_domain,
      jsonb_build_object('fromId', p_sender, 'conversationId', v_conv), 'epoch'::timestamptz
    where not exists (
      select 1 from notification_settings ns
       where ns.user_id = p_recipient
         and (ns.notifications_disabled is not null
              or not (case when v_new then ns.new_conversations else ns.new_messages end)));
    v_mail := found;
  end if;
  -- Web Push (issue 11) to a recipient with no open tab (p_push, read before the statement) who
  -- has a subscription, queued with the mails as push.service queuePushInTx does.
  if p_push and exists (select 1 from push_subscriptions ps where ps.user_id = p_recipient) then
    insert into mail_outbox (channel, kind, user_id, site_domain, data, next_attempt_at)
    values ('push', 'message', p_recipient, p_site_domain,
      jsonb_build_object('fromId', p_sender, 'conversationId', v_conv), 'epoch'::timestamptz);
    v_push := true;
  end if;

  v_at_text := to_char(v_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  v_msg := p_message || jsonb_build_object('id', v_id, 'conversationId', v_conv, 'seq', v_seq, 'createdAt', v_at_text);
  insert into member_events (user_id, seq, type, payload) values
    (p_recipient, v_recipient_seq, 'message.new', jsonb_build_object('type', 'message.new', 'conversationId', v_conv,
      'otherProfileId', p_sender, 'message', v_msg)),
    (p_sender, v_sender_seq, 'message.new', jsonb_build_object('type', 'message.new', 'conversationId', v_conv,
      'otherProfileId', p_recipient, 'message', v_msg));

  return query select 'sent'::text, v_conv, v_seq, v_id, v_at_text, v_credits, s_free, v_sender_seq, v_recipient_seq,
    v_mail, v_push;
end
$fn$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function chat_send_charged(integer, integer, uuid, text, text, integer, text, text, jsonb, text, boolean)`.execute(
    db,
  );
  // The previous version, as its own migration creates it (loaded only here: the test runner
  // loads migrations without resolving their relative imports).
  const previous = (await import(new URL("./2026_11_26_0100_create_chat_send_charged.ts", import.meta.url).href)) as {
    up: (db: Kysely<any>) => Promise<void>;
  };
  await previous.up(db);
}
