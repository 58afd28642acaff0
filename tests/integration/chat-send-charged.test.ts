import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { useTestServer } from "../support/server.js";
import { appCodeOf, creditsOf, failureOf, memberFactory, type MemberWithApi } from "../support/factories.js";
import { findMails } from "../../server/features/mail/mail.repository.js";
import { sendMessageFast } from "../../server/features/chats/send-fast.repository.js";
import { hashToken } from "../../server/features/accounts/sessions.service.js";

/**
 * chat_send_charged (migration 2026_11_26_0100): a premium member's first message, its §3
 * new-conversation mail and the §2 not-enough-credits refusal in one statement. Each case is
 * checked twice: through chats.send, as the member sees it, and on the statement itself, so
 * that the case is known to be the statement's and not the general transaction's.
 */
const t = useTestServer();
const member = memberFactory(t, { country: "NL" });
const MESSAGE_CREDITS = 10; // §3 message_credits of the default site

const send = (from: MemberWithApi, to: { id: number }, body = "hello", clientId = crypto.randomUUID()) =>
  from.api.chats.send({ toProfileId: to.id, clientId, body });

/** Call the statement directly, as chats.service does (message JSON without the numbered fields). */
const statement = (
  from: { id: number },
  to: { id: number },
  { clientId = crypto.randomUUID(), push = false }: { clientId?: string; push?: boolean } = {},
) =>
  sendMessageFast(t.server.deps.db, {
    senderId: from.id,
    recipientId: to.id,
    clientId,
    body: "once",
    gift: null,
    cost: MESSAGE_CREDITS,
    reason: "message",
    reference: `msg:${clientId}`,
    message: JSON.stringify({ senderId: from.id, clientId, body: "once", gift: null, safety: [] }),
    siteDomain: null,
    push,
  });

async function rowsOf(a: { id: number }, b: { id: number }) {
  const db = t.server.deps.db;
  const conv = await db
    .selectFrom("conversations")
    .selectAll()
    .where("member_low_id", "=", Math.min(a.id, b.id))
    .where("member_high_id", "=", Math.max(a.id, b.id))
    .executeTakeFirst();
  const members = conv
    ? await db
        .selectFrom("conversation_members")
        .select(["user_id", "other_user_id", "unread_count", "last_read_seq", "removed"])
        .where("conversation_id", "=", conv.id)
        .orderBy("user_id")
        .execute()
    : [];
  const events = await db
    .selectFrom("member_events")
    .select(["user_id", "type", sql<number>`(payload->'message'->>'seq')::int`.as("message_seq")])
    .where("user_id", "in", [a.id, b.id])
    .where("type", "=", "message.new")
    .orderBy("user_id")
    .execute();
  return { conv, members, events };
}

describe("a premium member's first message in one statement", () => {
  it("starts the conversation at seq 1, charges once, counts it unread and records both events", async () => {
    const a = await member({ paid: true, credits: 30 });
    const b = await member();
    const sent = await send(a, b, "first words");
    expect(sent).toMatchObject({ charged: MESSAGE_CREDITS, credits: 20, duplicate: false });
    expect(sent.message).toMatchObject({ seq: 1, senderId: a.id, body: "first words" });

    const { conv, members, events } = await rowsOf(a, b);
    expect(conv).toMatchObject({ id: sent.message.conversationId, started_by: a.id, last_seq: 1 });
    expect(members).toEqual(
      [
        { user_id: a.id, other_user_id: b.id, unread_count: 0, last_read_seq: 1, removed: false },
        { user_id: b.id, other_user_id: a.id, unread_count: 1, last_read_seq: 0, removed: false },
      ].sort((x, y) => x.user_id - y.user_id),
    );
    expect(events.map((e) => [e.user_id, e.message_seq]).sort()).toEqual(
      [
        [a.id, 1],
        [b.id, 1],
      ].sort(),
    );
    expect(await creditsOf(t.server.deps, a.id)).toMatchObject({ balance: 20, ledgerSum: 20 });
    expect((await b.api.chats.list()).chats).toMatchObject([
      { conversationId: sent.message.conversationId, numUnreadMessages: 1, lastMessage: { body: "first words" } },
    ]);

    // The statement itself takes this case: another premium member's first message to b.
    const c = await member({ paid: true, credits: 30 });
    const row = await statement(c, b);
    expect(row).toMatchObject({ outcome: "sent", seq: 1, credits: 20, mail_queued: true });
  });

  it("queues the §3 new-conversation mail in the same statement, with the sender and the conversation", async () => {
    const a = await member({ paid: true, credits: 30 });
    const b = await member();
    const sent = await send(a, b);
    const mails = await findMails(t.server.deps.db, { userId: b.id, kind: "new_conversation" });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      channel: "mail",
      data: { fromId: a.id, conversationId: sent.message.conversationId },
    });
    // The mail worker sends it.
    await expect
      .poll(() => t.server.mailer.sent.some((m) => m.to === b.email && m.subject.includes(a.name)))
      .toBe(true);
  });

  it("queues no mail when the recipient switched new conversations off or e-mail is disabled", async () => {
    const a = await member({ paid: true, credits: 50 });
    const off = await member();
    await off.api.notifications.update({ preferences: { new_conversations: false } });
    const disabled = await member();
    await t.server.deps.db
      .insertInto("notification_settings")
      .values({ user_id: disabled.id, notifications_disabled: "bounce" })
      .execute();
    expect(await statement(a, off)).toMatchObject({ outcome: "sent", mail_queued: false });
    await send(a, disabled);
    expect(await findMails(t.server.deps.db, { userId: off.id, kind: "new_conversation" })).toEqual([]);
    expect(await findMails(t.server.deps.db, { userId: disabled.id, kind: "new_conversation" })).toEqual([]);
    // The preference for new messages is a different switch: the first unread message is mailed.
    await off.api.chats.markRead({ conversationId: (await off.api.chats.list()).chats[0]!.conversationId });
    await send(a, off, "again");
    expect(await findMails(t.server.deps.db, { userId: off.id, kind: "new_message" })).toHaveLength(1);
  });

  it("refuses NOT_ENOUGH_CREDITS with the balance, leaving no conversation, ledger row, mail or event", async () => {
    const a = await member({ paid: true, credits: 5 });
    const b = await member();
    const err = await failureOf(send(a, b));
    expect(appCodeOf(err)).toBe("NOT_ENOUGH_CREDITS");
    expect((err as { cause?: { details?: unknown } }).cause?.details).toEqual({ needed: MESSAGE_CREDITS, balance: 5 });
    expect(await statement(a, b)).toEqual({
      outcome: "not_enough_credits",
      conversation_id: null,
      seq: null,
      message_id: null,
      created_at: null,
      credits: 5,
      free_messages_left: expect.any(Number),
      sender_event_seq: null,
      recipient_event_seq: null,
      mail_queued: false,
      push_queued: false,
    });
    const { conv, events } = await rowsOf(a, b);
    expect(conv).toBeUndefined();
    expect(events).toEqual([]);
    expect(await creditsOf(t.server.deps, a.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 1 });
    expect(await findMails(t.server.deps.db, { userId: b.id, kind: "new_conversation" })).toEqual([]);
  });

  it("leaves the cases the general transaction decides to it, writing nothing", async () => {
    const premium = await member({ paid: true, credits: 50 });
    const free = await member({ credits: 50 });
    const db = t.server.deps.db;
    // Without free messages left, so that only the first-message rule sends it to the general path.
    await db.updateTable("users").set({ free_messages_left: 0 }).where("id", "=", free.id).execute();
    const b = await member();
    const hidden = await member();
    await db.updateTable("profiles").set({ visible: false }).where("id", "=", hidden.id).execute();
    const unconfirmed = await member({ confirmed: false });

    // A free member's first message (their started conversations are counted there, §4).
    expect(await statement(free, b)).toBeUndefined();
    // A hidden member is not written to first (§4), an unconfirmed one not at all (§1).
    expect(await statement(premium, hidden)).toBeUndefined();
    expect(await statement(premium, unconfirmed)).toBeUndefined();
    expect(await creditsOf(t.server.deps, premium.id)).toMatchObject({ balance: 50 });
    expect((await rowsOf(free, b)).conv).toBeUndefined();

    // And the general transaction answers them as before.
    expect(appCodeOf(await failureOf(send(premium, hidden)))).toBe("NOT_FOUND");
    expect(appCodeOf(await failureOf(send(premium, unconfirmed)))).toBe("NOT_FOUND");
    expect(await send(free, b)).toMatchObject({ charged: MESSAGE_CREDITS, message: { seq: 1 } });
  });

  it("answers a retry: 23505 while the balance pays (nothing written), outcome duplicate once it does not", async () => {
    const a = await member({ paid: true, credits: 20 });
    const b = await member();
    const clientId = crypto.randomUUID();
    const first = await send(a, b, "once", clientId);
    // The ledger row's unique reference refuses it; the statement rolls back whole.
    expect(((await failureOf(statement(a, b, { clientId }))) as { code?: string }).code).toBe("23505");
    const retry = await send(a, b, "once", clientId);
    expect(retry).toMatchObject({ duplicate: true, charged: 0, credits: 10, message: first.message });
    await send(a, b, "spends the rest");
    // Out of credits: the statement finds the stored message itself.
    expect(await statement(a, b, { clientId })).toMatchObject({ outcome: "duplicate", credits: 0, seq: null });
    expect(await send(a, b, "once", clientId)).toMatchObject({ duplicate: true, charged: 0, credits: 0 });
    expect(await creditsOf(t.server.deps, a.id)).toEqual({ balance: 0, ledgerSum: 0, ledgerRows: 3 });
    expect((await rowsOf(a, b)).conv).toMatchObject({ last_seq: 2 });
    // The same id for another text is still refused.
    expect(appCodeOf(await failureOf(send(a, b, "another text", clientId)))).toBe("IDEMPOTENCY_CONFLICT");
  });

  it("queues the Web Push of an offline recipient who has a subscription, in the same statement", async () => {
    const a = await member({ paid: true, credits: 50 });
    const subscribed = await member();
    const unsubscribed = await member();
    await t.server.deps.db
      .insertInto("push_subscriptions")
      .values({
        user_id: subscribed.id,
        session_id: hashToken(subscribed.sessionToken),
        endpoint: `https://push.test/${subscribed.id}`,
        p256dh: "k",
        auth: "a",
      })
      .execute();
    const row = await statement(a, subscribed, { push: true });
    expect(row).toMatchObject({ outcome: "sent", push_queued: true });
    const pushes = await t.server.deps.db
      .selectFrom("mail_outbox")
      .select(["kind", "data"])
      .where("user_id", "=", subscribed.id)
      .where("channel", "=", "push")
      .execute();
    expect(pushes).toEqual([
      { kind: "message", data: { fromId: a.id, conversationId: (row as { conversation_id: number }).conversation_id } },
    ]);
    expect(await statement(a, unsubscribed, { push: true })).toMatchObject({ outcome: "sent", push_queued: false });
    expect(await statement(a, subscribed, { push: false })).toMatchObject({ outcome: "sent", push_queued: false });
  });
});
