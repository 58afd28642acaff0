import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/server.js";
import { TestBrowser } from "../support/client.js";
import { clearSiteCache } from "../../server/features/site/site.service.js";
import { createInnerContext } from "../../server/trpc/context.js";
import { createCallerFactory } from "../../server/trpc/init.js";
import { appRouter } from "../../server/router.js";
import { appCodeOf, creditsOf, failureOf, setPremium, memberFactory } from "../support/factories.js";

const t = useTestServer();
const MESSAGE_CREDITS = 10; // §3 message_credits (site default)
const FREE_MESSAGES = 3;

const member = memberFactory(t);
type Member = Awaited<ReturnType<typeof member>>;

function send(
  from: Member,
  to: { id: number },
  body = `hello ${crypto.randomUUID()}`,
  clientId: string = crypto.randomUUID(),
) {
  return from.api.chats.send({ toProfileId: to.id, clientId, body });
}

async function expectLedgerConsistent(...ms: Array<{ id: number }>) {
  for (const m of ms) {
    const c = await creditsOf(t.server.deps, m.id);
    expect(c.balance, `balance of member ${m.id} equals the sum of its ledger`).toBe(c.ledgerSum);
    expect(c.balance).toBeGreaterThanOrEqual(0);
  }
}

async function messagesBetween(a: { id: number }, b: { id: number }) {
  return t.server.deps.db
    .selectFrom("messages")
    .innerJoin("conversations", "conversations.id", "messages.conversation_id")
    .select(["messages.id", "messages.body", "messages.sender_id", "messages.credits_charged", "messages.seq"])
    .where("conversations.member_low_id", "=", Math.min(a.id, b.id))
    .where("conversations.member_high_id", "=", Math.max(a.id, b.id))
    .orderBy("messages.seq")
    .execute();
}

describe("sending paid messages (§1, §4, §9)", () => {
  it("charges message_credits per message to a premium member and writes a ledger row each time", async () => {
    const a = await member({ paid: true, credits: 50 });
    const b = await member();
    for (let i = 1; i <= 3; i++) {
      const r = await send(a, b, `paid ${i}`);
      expect(r.charged).toBe(MESSAGE_CREDITS);
      expect(r.credits).toBe(50 - i * MESSAGE_CREDITS);
      expect(r.duplicate).toBe(false);
      expect(r.message.seq).toBe(i);
    }
    const c = await creditsOf(t.server.deps, a.id);
    expect(c).toEqual({ balance: 20, ledgerSum: 20, ledgerRows: 4 });
    const stored = await messagesBetween(a, b);
    expect(stored.map((m) => [m.body, m.credits_charged])).toEqual([
      ["paid 1", 10],
      ["paid 2", 10],
      ["paid 3", 10],
    ]);
    expect((await a.api.accounts.me())?.credits).toBe(20);
  });

  it("a free member with credits uses the free allowance first, then pays", async () => {
    const a = await member({ credits: 25 });
    const b = await member();
    for (let i = 0; i < FREE_MESSAGES; i++) {
      const r = await send(a, b);
      expect(r.charged).toBe(0);
      expect(r.credits).toBe(25);
      expect(r.freeMessagesLeft).toBe(FREE_MESSAGES - 1 - i);
    }
    const paid = await send(a, b);
    expect(paid.charged).toBe(MESSAGE_CREDITS);
    expect(paid.credits).toBe(15);
    await expectLedgerConsistent(a);
  });

  it("a free member without credits sends 3 free messages, then gets NOT_ENOUGH_CREDITS and nothing is stored or charged", async () => {
    const a = await member();
    const b = await member();
    for (let i = 0; i < FREE_MESSAGES; i++) await send(a, b, `free ${i}`);
    const ledgerBefore = await creditsOf(t.server.deps, a.id);

    // Over HTTP, as the chat screen sees it: 402 with the numbers for the popup.
    const browser = TestBrowser.withSession(t.server, a);
    const err = await failureOf(
      browser.trpc.chats.send.mutate({ toProfileId: b.id, clientId: crypto.randomUUID(), body: "one too many" }),
    );
    expect(appCodeOf(err)).toBe("NOT_ENOUGH_CREDITS");
    expect((err.data as { httpStatus: number }).httpStatus).toBe(402);
    expect((err.data as { details: unknown }).details).toEqual({ needed: MESSAGE_CREDITS, balance: 0 });

    expect((await messagesBetween(a, b)).map((m) => m.body)).toEqual(["free 0", "free 1", "free 2"]);
    expect(await creditsOf(t.server.deps, a.id)).toEqual(ledgerBefore);
    const me = await a.api.accounts.me();
    expect(me).toMatchObject({ credits: 0, freeMessagesLeft: 0 });
    const bChats = await b.api.chats.list();
    expect(bChats.chats[0]?.numUnreadMessages).toBe(3);
  });

  it("NOT_ENOUGH_CREDITS for a new conversation leaves no conversation behind", async () => {
    const a = await member({ paid: true });
    const b = await member();
    const err = await failureOf(send(a, b));
    expect(appCodeOf(err)).toBe("NOT_ENOUGH_CREDITS");
    expect(await a.api.chats.list()).toEqual({ chats: [], totalUnread: 0 });
    expect(await b.api.chats.list()).toEqual({ chats: [], totalUnread: 0 });
    expect((await a.api.chats.withProfile({ profileId: b.id })).conversationId).toBeNull();
  });

  it("a free member who started the §9 number of conversations is told before writing a new one; not in the ones begun", async () => {
    const a = await member();
    const [b, c, d] = [await member(), await member(), await member()];
    expect((await a.api.chats.withProfile({ profileId: b.id })).startLimit).toBeNull();
    await send(a, b);
    await send(a, c);
    // The third would be refused (CONVERSATION_LIMIT): the chat says so as it opens.
    expect((await a.api.chats.withProfile({ profileId: d.id })).startLimit).toBe(2);
    expect(appCodeOf(await failureOf(send(a, d)))).toBe("CONVERSATION_LIMIT");
    // A conversation already begun goes on; a premium member starts any number.
    expect((await a.api.chats.withProfile({ profileId: b.id })).startLimit).toBeNull();
    const premium = await member({ paid: true, credits: 100 });
    await send(premium, b);
    await send(premium, c);
    expect((await premium.api.chats.withProfile({ profileId: d.id })).startLimit).toBeNull();
  });

  it("a retry with the same clientId returns the first message and charges once", async () => {
    const a = await member({ paid: true, credits: 100 });
    const b = await member();
    const clientId = crypto.randomUUID();
    const first = await send(a, b, "only once", clientId);
    const retry = await send(a, b, "only once", clientId);
    expect(retry.duplicate).toBe(true);
    expect(retry.charged).toBe(0);
    expect(retry.message).toEqual(first.message);
    expect(retry.credits).toBe(90);
    // Over HTTP too (the client retries a timed-out request).
    const overHttp = await TestBrowser.withSession(t.server, a).trpc.chats.send.mutate({
      toProfileId: b.id,
      clientId,
      body: "only once",
    });
    expect(overHttp.message.id).toBe(first.message.id);
    expect(await messagesBetween(a, b)).toHaveLength(1);
    expect(await creditsOf(t.server.deps, a.id)).toEqual({ balance: 90, ledgerSum: 90, ledgerRows: 2 });
    expect((await b.api.chats.list()).totalUnread).toBe(1);
  });

  it("a retry that arrives after the credits ran out still returns the first message, charging nothing", async () => {
    const a = await member({ paid: true, credits: MESSAGE_CREDITS });
    const b = await member();
    const clientId = crypto.randomUUID();
    const first = await send(a, b, "the last one I can pay", clientId);
    expect(first.credits).toBe(0);
    const retry = await send(a, b, "the last one I can pay", clientId);
    expect(retry).toMatchObject({ duplicate: true, charged: 0, credits: 0 });
    expect(retry.message).toEqual(first.message);
    expect(await messagesBetween(a, b)).toHaveLength(1);
    await expectLedgerConsistent(a);
  });

  it("the same clientId for another text is refused (IDEMPOTENCY_CONFLICT), not sent", async () => {
    const a = await member({ paid: true, credits: 100 });
    const b = await member();
    const clientId = crypto.randomUUID();
    await send(a, b, "first text", clientId);
    const err = await failureOf(send(a, b, "another text", clientId));
    expect(appCodeOf(err)).toBe("IDEMPOTENCY_CONFLICT");
    expect((await messagesBetween(a, b)).map((m) => m.body)).toEqual(["first text"]);
    await expectLedgerConsistent(a);
  });

  it("keeps the text exactly as sent and numbers messages in order in both directions", async () => {
    const a = await member({ paid: true, credits: 100 });
    const b = await member({ paid: true, credits: 100 });
    const text = "Grüße 👋 <b>bold</b> 'quotes' \"double\" \\ back\nsecond line\ttab";
    await send(a, b, text);
    await send(b, a, "answer");
    await send(a, b, "third");
    const conv = await b.api.chats.conversation({
      conversationId: (await a.api.chats.withProfile({ profileId: b.id })).conversationId!,
    });
    expect(conv.messages.map((m) => [m.seq, m.senderId, m.body])).toEqual([
      [1, a.id, text],
      [2, b.id, "answer"],
      [3, a.id, "third"],
    ]);
    expect(conv.profile.id).toBe(a.id);
  });
});

describe("who may write to whom (§1, §6, §9)", () => {
  it("a free member may start 2 conversations; the 3rd is CONVERSATION_LIMIT, replies stay possible", async () => {
    const free = await member({ credits: 200 });
    const [b, c, d] = [await member(), await member(), await member()];
    const premium = await member({ paid: true, credits: 100 });
    await send(free, b);
    await send(free, c);
    const err = await failureOf(send(free, d));
    expect(appCodeOf(err)).toBe("CONVERSATION_LIMIT");
    expect((err as { data?: unknown }).data ?? (err as { code?: string }).code).toBeTruthy();
    expect(await messagesBetween(free, d)).toHaveLength(0);
    expect((await d.api.chats.list()).chats).toHaveLength(0);

    // A conversation someone else started is not one the free member started.
    await send(premium, free, "hi from premium");
    await send(free, premium, "reply from free");
    // And the two started conversations go on.
    await send(free, b, "still talking");
    expect((await messagesBetween(free, premium)).map((m) => m.body)).toEqual(["hi from premium", "reply from free"]);
    expect((await free.api.chats.list()).chats).toHaveLength(3);
    await expectLedgerConsistent(free, premium);
  });

  it("a premium member may start more than 2 conversations", async () => {
    const p = await member({ paid: true, credits: 100 });
    for (let i = 0; i < 4; i++) await send(p, await member());
    expect((await p.api.chats.list()).chats).toHaveLength(4);
  });

  it("the limit is checked at send time: a member who lost premium cannot start a 3rd", async () => {
    const p = await member({ paid: true, credits: 100 });
    await send(p, await member());
    await send(p, await member());
    await setPremium(t.server.deps, p.id, false);
    const err = await failureOf(send(p, await member()));
    expect(appCodeOf(err)).toBe("CONVERSATION_LIMIT");
  });

  it("a member who has not confirmed the e-mail address cannot write, nor be written to: EMAIL_NOT_CONFIRMED, and NOT_FOUND as for an id that does not exist", async () => {
    const unconfirmed = await member({ confirmed: false });
    const a = await member({ paid: true, credits: 100 });
    // §1: members must confirm their address; until then they cannot write (issue 10: not even free messages)…
    expect(appCodeOf(await failureOf(send(unconfirmed, a, "hello, I have not confirmed yet")))).toBe(
      "EMAIL_NOT_CONFIRMED",
    );
    // …and they are hidden (§4): writing to them is answered as writing to an id nobody has, so
    // trying ids does not tell which sign-ups exist. Nothing is sent or charged.
    const err = await failureOf(send(a, unconfirmed, "a message"));
    const nobody = await failureOf(send(a, { id: unconfirmed.id + 1_000_000 }, "a message"));
    expect([appCodeOf(err), err.message]).toEqual(["NOT_FOUND", "This member could not be found."]);
    expect([appCodeOf(nobody), nobody.message]).toEqual([appCodeOf(err), err.message]);
    expect(await messagesBetween(a, unconfirmed)).toEqual([]);
    expect((await creditsOf(t.server.deps, a.id)).balance).toBe(100);
  });

  it("refuses writing to oneself and to a member who does not exist", async () => {
    const a = await member({ paid: true, credits: 100 });
    expect(appCodeOf(await failureOf(send(a, a)))).toBe("NOT_FOUND");
    expect(appCodeOf(await failureOf(send(a, { id: 2_000_000_000 })))).toBe("NOT_FOUND");
    expect((await creditsOf(t.server.deps, a.id)).balance).toBe(100);
  });

  it("a visitor cannot send (403 authentication_required)", async () => {
    const b = await member();
    const err = await failureOf(
      new TestBrowser(t.server).trpc.chats.send.mutate({
        toProfileId: b.id,
        clientId: crypto.randomUUID(),
        body: "hi",
      }),
    );
    expect(appCodeOf(err)).toBe("AUTHENTICATION_REQUIRED");
    expect((err.data as { httpStatus: number }).httpStatus).toBe(403);
  });
});

describe("message length (§9 message_length 1000)", () => {
  it("accepts 1000 characters and refuses 1001 without charging", async () => {
    const a = await member({ paid: true, credits: 100 });
    const b = await member();
    const ok = await send(a, b, "x".repeat(1000));
    expect(ok.message.body).toHaveLength(1000);
    const err = await failureOf(send(a, b, "y".repeat(1001)));
    expect(appCodeOf(err)).toBe("MESSAGE_TOO_LONG");
    expect(err.message).toBe("Messages may be at most 1000 characters.");
    const huge = await failureOf(send(a, b, "z".repeat(20_000)));
    expect(["MESSAGE_TOO_LONG", "VALIDATION"]).toContain(appCodeOf(huge));
    expect(await messagesBetween(a, b)).toHaveLength(1);
    expect(await creditsOf(t.server.deps, a.id)).toMatchObject({ balance: 90, ledgerSum: 90 });
  });

  it("refuses an empty or blank message", async () => {
    const a = await member({ paid: true, credits: 100 });
    const b = await member();
    for (const body of ["", "   ", "\n\t"]) expect(appCodeOf(await failureOf(send(a, b, body)))).toBe("VALIDATION");
    expect((await creditsOf(t.server.deps, a.id)).balance).toBe(100);
  });

  it("refuses bidi overrides that reorder what the recipient reads, keeps the marks mixed scripts need", async () => {
    const a = await member({ paid: true, credits: 100 });
    const b = await member();
    for (const body of ["see \u202emoc.live", "pay \u2066here\u2069 now"]) {
      const err = await failureOf(send(a, b, body));
      expect(appCodeOf(err)).toBe("VALIDATION");
      expect(err.message).toContain("Message contains invalid characters");
    }
    expect((await creditsOf(t.server.deps, a.id)).balance).toBe(100);
    const mixed = await send(a, b, "שלום \u200eAmora\u200f!");
    expect(mixed.message.body).toBe("שלום \u200eAmora\u200f!");
  });
});

describe("unread counts and the chat list (§2, §4)", () => {
  it("counts unread messages per conversation and in total; opening (markRead) zeroes them", async () => {
    const a = await member({ paid: true, credits: 100 });
    const c = await member({ paid: true, credits: 100 });
    const b = await member();
    await send(a, b);
    await send(a, b);
    await send(c, b);
    let list = await b.api.chats.list();
    expect(list.totalUnread).toBe(3);
    const fromA = list.chats.find((x) => x.profile.id === a.id)!;
    expect(fromA.numUnreadMessages).toBe(2);
    expect(list.chats.find((x) => x.profile.id === c.id)!.numUnreadMessages).toBe(1);
    expect(list.chats[0]!.profile.id).toBe(c.id); // newest first
    expect(await b.api.live.counters()).toMatchObject({ unreadMessages: 3 });
    // The sender has nothing unread in the conversation.
    expect((await a.api.chats.list()).totalUnread).toBe(0);

    await b.api.chats.markRead({ conversationId: fromA.conversationId });
    list = await b.api.chats.list();
    expect(list.chats.find((x) => x.profile.id === a.id)!.numUnreadMessages).toBe(0);
    expect(list.totalUnread).toBe(1);
    expect(await b.api.live.counters()).toMatchObject({ unreadMessages: 1 });

    await send(a, b);
    expect((await b.api.chats.list()).chats.find((x) => x.profile.id === a.id)!.numUnreadMessages).toBe(1);
  });

  it("cannot read or mark another pair's conversation", async () => {
    const a = await member({ paid: true, credits: 100 });
    const b = await member();
    const outsider = await member();
    const { message } = await send(a, b);
    expect(
      appCodeOf(await failureOf(outsider.api.chats.conversation({ conversationId: message.conversationId }))),
    ).toBe("NOT_FOUND");
    expect(appCodeOf(await failureOf(outsider.api.chats.remove({ conversationId: message.conversationId })))).toBe(
      "NOT_FOUND",
    );
    await outsider.api.chats.markRead({ conversationId: message.conversationId }).catch(() => {});
    expect((await b.api.chats.list()).totalUnread).toBe(1);
  });

  it("removeChat hides the conversation from the list; the next message brings it back", async () => {
    const a = await member({ paid: true, credits: 100 });
    const b = await member({ paid: true, credits: 100 });
    const { message } = await send(a, b, "before removal");
    await b.api.chats.remove({ conversationId: message.conversationId });
    expect((await b.api.chats.list()).chats).toHaveLength(0);
    expect((await b.api.chats.list()).totalUnread).toBe(0);
    // Only for the member who removed it.
    expect((await a.api.chats.list()).chats).toHaveLength(1);

    await send(a, b, "after removal");
    const back = await b.api.chats.list();
    expect(back.chats).toHaveLength(1);
    expect(back.chats[0]).toMatchObject({
      conversationId: message.conversationId,
      numUnreadMessages: 1,
      lastMessage: { body: "after removal", fromMe: false },
    });

    // Removing and then writing oneself brings it back too.
    await a.api.chats.remove({ conversationId: message.conversationId });
    expect((await a.api.chats.list()).chats).toHaveLength(0);
    await send(a, b, "I write again");
    expect((await a.api.chats.list()).chats.map((x) => x.conversationId)).toEqual([message.conversationId]);
  });
});

describe("prices follow the site being served (§3 site settings by host, §7)", () => {
  /**
   * Another brand of the same database (a `sites` row of its own) and a premium member with 100
   * credits calling the API on that brand's host.
   */
  async function memberOnSite(
    site: { name: string; domain: string; domain_language: string } & Partial<{
      message_credits: number;
      message_length: number;
      gift_credits: number;
    }>,
  ) {
    await t.server.deps.db
      .insertInto("sites")
      .values({ ...site, company_name: `${site.name} Ltd.` })
      .onConflict((oc) => oc.column("domain").doNothing())
      .execute();
    clearSiteCache(t.server.deps);
    const a = await member({ paid: true, credits: 100 });
    const api = createCallerFactory(appRouter)(
      await createInnerContext(t.server.deps, { sessionToken: a.sessionToken, host: site.domain }),
    );
    return { a, api };
  }

  it("a message sent on another site's host is charged that site's message_credits", async () => {
    const { a, api: onLiefde } = await memberOnSite({
      name: "Liefde",
      domain: "liefde-chat.test",
      domain_language: "nl",
      message_credits: 12,
      message_length: 20,
    });
    const b = await member();
    const sent = await onLiefde.chats.send({ toProfileId: b.id, clientId: crypto.randomUUID(), body: "hallo" });
    expect(sent).toMatchObject({ charged: 12, credits: 88 });
    // Its message_length too: 21 characters are too many there, not on the default site.
    const tooLong = await failureOf(
      onLiefde.chats.send({ toProfileId: b.id, clientId: crypto.randomUUID(), body: "x".repeat(21) }),
    );
    expect(appCodeOf(tooLong)).toBe("MESSAGE_TOO_LONG");
    const onDefault = await send(a, b, "x".repeat(21));
    expect(onDefault).toMatchObject({ charged: MESSAGE_CREDITS, credits: 78 });
    await expectLedgerConsistent(a);
  });

  it("a gift sent on another site's host is charged that site's gift_credits", async () => {
    const { a, api: onGeschenk } = await memberOnSite({
      name: "Geschenk",
      domain: "geschenk-chat.test",
      domain_language: "de",
      gift_credits: 7,
    });
    const b = await member();
    const gift = await onGeschenk.chats.sendGift({ toProfileId: b.id, clientId: crypto.randomUUID(), gift: "rose" });
    expect(gift).toMatchObject({ charged: 7, credits: 93 });
    await expectLedgerConsistent(a);
  });

  it("a site where messages and gifts cost 0 credits sends them free: nothing debited, no ledger row", async () => {
    const { a, api: onGratis } = await memberOnSite({
      name: "Gratis",
      domain: "gratis-chat.test",
      domain_language: "es",
      message_credits: 0,
      gift_credits: 0,
    });
    const b = await member();
    const first = await onGratis.chats.send({ toProfileId: b.id, clientId: crypto.randomUUID(), body: "hola" });
    expect(first).toMatchObject({ charged: 0, credits: 100 });
    const again = await onGratis.chats.send({ toProfileId: b.id, clientId: crypto.randomUUID(), body: "¿qué tal?" });
    expect(again).toMatchObject({ charged: 0, credits: 100 });
    const gift = await onGratis.chats.sendGift({ toProfileId: b.id, clientId: crypto.randomUUID(), gift: "rose" });
    expect(gift).toMatchObject({ charged: 0, credits: 100 });
    expect((await b.api.chats.conversation({ conversationId: first.message.conversationId })).messages).toHaveLength(3);
    expect((await creditsOf(t.server.deps, a.id)).balance).toBe(100);
    await expectLedgerConsistent(a);
  });
});
