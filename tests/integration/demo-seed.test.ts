import { describe, expect, it } from "vitest";
import { DEMO_PREMIUM_CREDITS, DEMO_PREMIUM_EMAIL, seedIfEmpty } from "../../server/features/demo/demo.seed.js";
import { getConversation, listChats } from "../../server/features/chats/chats.service.js";
import { listPayments, listRepeatOptions } from "../../server/features/payments/payments.service.js";
import { useTestServer } from "../support/server.js";

/**
 * The README's premium demo account is a member who bought credits (§2: buying any package makes
 * a member premium): its credits come from completed purchases, so /transactions and
 * /credits/repeat-order show what a paying member sees. Seeded on the real database, with no
 * generated members.
 */
describe("the premium demo account", () => {
  const ctx = useTestServer();

  it("holds 500 credits bought in two completed purchases, which its ledger references", async () => {
    const { deps } = ctx.server;
    await seedIfEmpty(deps);
    const member = await deps.db
      .selectFrom("users")
      .select(["id", "paid_user", "credits"])
      .where("email", "=", DEMO_PREMIUM_EMAIL)
      .executeTakeFirstOrThrow();
    expect(member).toMatchObject({ paid_user: true, credits: DEMO_PREMIUM_CREDITS });

    const { items } = await listPayments(deps, member.id, {});
    expect(items.map((p) => [p.status, p.credits, p.method])).toEqual([
      ["completed", 250, "ideal"],
      ["completed", 250, "ideal"],
    ]);
    const ledger = await deps.db
      .selectFrom("credit_ledger")
      .select(["delta", "balance_after", "reason", "reference"])
      .where("user_id", "=", member.id)
      .orderBy("id")
      .execute();
    expect(ledger).toEqual(
      items
        .map((p) => p.id)
        .sort((a, b) => a - b)
        .map((id, i) => ({ delta: 250, balance_after: 250 * (i + 1), reason: "purchase", reference: `payment:${id}` })),
    );

    // The last order can be bought again with its method (a new checkout: iDEAL keeps no mandate).
    const repeat = await listRepeatOptions(deps, member.id);
    expect(repeat).toHaveLength(1);
    expect(repeat[0]).toMatchObject({ credits: 250, method: "ideal", country: "NL", currency: "EUR", oneClick: false });
  });

  it("is seeded once: a second start on the same database adds nothing", async () => {
    const { deps } = ctx.server;
    await seedIfEmpty(deps);
    const payments = await deps.db
      .selectFrom("payments")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(payments.n)).toBe(2);
  });
});

/**
 * With generated members (as on the embedded default), the premium demo account starts with a
 * match who wrote to it: /chats lists the conversation with two unread messages, and its credits
 * are still the 500 it bought (the match's messages cost Demo nothing).
 */
describe("the premium demo account's conversation", () => {
  const ctx = useTestServer();

  it("is with its match, unread, listed in /chats, and leaves its credits whole", async () => {
    const { deps } = ctx.server;
    await seedIfEmpty({ ...deps, config: { ...deps.config, SEED_MEMBERS: 12 } });
    const demo = await deps.db
      .selectFrom("users")
      .select(["id", "credits"])
      .where("email", "=", DEMO_PREMIUM_EMAIL)
      .executeTakeFirstOrThrow();
    expect(demo.credits).toBe(DEMO_PREMIUM_CREDITS);

    const { chats, totalUnread } = await listChats(deps, demo.id);
    expect(chats).toHaveLength(1);
    const [chat] = chats;
    expect(totalUnread).toBe(2);
    expect(chat!.numUnreadMessages).toBe(2);
    expect(chat!.lastMessage).toEqual({ body: expect.stringContaining("wine bar"), fromMe: false });
    // §4: a match: each liked the other.
    const likes = await deps.db
      .selectFrom("likes")
      .select(["liker_id", "liked_id"])
      .where((eb) =>
        eb.or([
          eb.and([eb("liker_id", "=", demo.id), eb("liked_id", "=", chat!.profile.id)]),
          eb.and([eb("liker_id", "=", chat!.profile.id), eb("liked_id", "=", demo.id)]),
        ]),
      )
      .execute();
    expect(likes).toHaveLength(2);

    // The match has read its own messages; Demo's page has both, in the order they were sent.
    const theirs = await listChats(deps, chat!.profile.id);
    expect(theirs.chats.map((c) => [c.conversationId, c.numUnreadMessages, c.lastMessage?.fromMe])).toEqual([
      [chat!.conversationId, 0, true],
    ]);
    const page = await getConversation(deps, demo.id, { conversationId: chat!.conversationId });
    expect(page.messages.map((m) => [m.seq, m.senderId])).toEqual([
      [1, chat!.profile.id],
      [2, chat!.profile.id],
    ]);
  });
});
