import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { useTestServer } from "../support/server.js";
import { appCodeOf, creditsOf, failureOf, giveCredits, memberFactory } from "../support/factories.js";
import { addPhoto, decideCheckout, referenceOf, webhooksDelivered } from "../support/payments.js";
import { prng } from "../../server/features/members/members.demo.js";

/**
 * What credits buy (§1, §3 message_credits, photo_credits, gift_credits): private photos and
 * gifts in chat, each a ledger row; the not-enough-credits and premium-only refusals; and the
 * ledger invariant (balance = sum of the ledger, never below 0) after a randomized run of
 * purchases, messages, photo unlocks and gifts.
 */
describe("spending credits", () => {
  const t = useTestServer();

  const member = memberFactory(t, { country: "NL" });

  async function ledgerOf(userId: number, reason: string) {
    return t.server.deps.db
      .selectFrom("credit_ledger")
      .select(["delta", "reference", "balance_after"])
      .where("user_id", "=", userId)
      .where("reason", "=", reason as "photo")
      .orderBy("id")
      .execute();
  }

  describe("private photos (photo_credits)", () => {
    const unlocksOf = (userId: number) =>
      t.server.deps.db.selectFrom("photo_unlocks").select("photo_id").where("user_id", "=", userId).execute();
    async function profileWithPhotos() {
      const owner = await member({ gender: "female" });
      const main = await addPhoto(t.server, owner.id, { isMain: true });
      const open = await addPhoto(t.server, owner.id);
      const secret = await addPhoto(t.server, owner.id, { isPrivate: true });
      return { owner, main, open, secret };
    }

    it("a free member with credits unlocks a private photo for photo_credits, once", async () => {
      const { owner, secret } = await profileWithPhotos();
      const viewer = await member({ credits: 50 });
      const before = (await viewer.api.members.get({ id: owner.id })).photos.find((p) => p.id === secret)!;
      expect(before).toMatchObject({ locked: true, unlock: "credits", unlockCredits: 20 });
      expect(before).not.toHaveProperty("url");
      const result = await viewer.api.members.unlockPhoto({ photoId: secret });
      expect(result).toMatchObject({
        charged: 20,
        credits: 30,
        photo: { id: secret, url: expect.stringMatching(/^\/media\//) },
      });
      expect((await viewer.api.members.unlockPhoto({ photoId: secret })).charged).toBe(0);
      expect(await ledgerOf(viewer.id, "photo")).toEqual([
        { delta: -20, reference: `photo:${secret}`, balance_after: 30 },
      ]);
      const after = (await viewer.api.members.get({ id: owner.id })).photos.find((p) => p.id === secret)!;
      // The same photo's URL (its signature carries an expiry in seconds: a later call may differ).
      const samePhoto = result.photo.url!.split("?")[0]!;
      expect(after).toMatchObject({ locked: false, url: expect.stringMatching(/\?e=\d+&s=/) });
      expect((after as { url: string }).url.split("?")[0]).toBe(samePhoto);
      expect(await creditsOf(t.server.deps, viewer.id)).toMatchObject({ balance: 30, ledgerSum: 30 });
    });

    it("an unconfirmed member spends no credits on one (its signup credits included): EMAIL_NOT_CONFIRMED, nothing charged", async () => {
      const { secret } = await profileWithPhotos();
      const viewer = await member({ credits: 50, confirmed: false });
      expect(appCodeOf(await failureOf(viewer.api.members.unlockPhoto({ photoId: secret })))).toBe(
        "EMAIL_NOT_CONFIRMED",
      );
      expect(await creditsOf(t.server.deps, viewer.id)).toMatchObject({ balance: 50 });
      expect(await unlocksOf(viewer.id)).toEqual([]);
    });

    it("without enough credits: NOT_ENOUGH_CREDITS, nothing charged or unlocked", async () => {
      const { owner, secret } = await profileWithPhotos();
      const viewer = await member({ credits: 10 });
      const err = await failureOf(viewer.api.members.unlockPhoto({ photoId: secret }));
      expect(appCodeOf(err)).toBe("NOT_ENOUGH_CREDITS");
      expect((err as { cause?: { details?: unknown } }).cause?.details).toEqual({ needed: 20, balance: 10 });
      expect(await unlocksOf(viewer.id)).toEqual([]);
      expect((await viewer.api.members.get({ id: owner.id })).photos.find((p) => p.id === secret)!.locked).toBe(true);
      expect((await creditsOf(t.server.deps, viewer.id)).balance).toBe(10);
    });

    it("the other locked photos open with premium only (PREMIUM_ONLY); premium members and the owner see all, free of charge", async () => {
      const { owner, main, open, secret } = await profileWithPhotos();
      const free = await member({ credits: 100 });
      expect((await free.api.members.get({ id: owner.id })).photos.find((p) => p.id === open)).toMatchObject({
        locked: true,
        unlock: "premium",
        unlockCredits: null,
      });
      expect(appCodeOf(await failureOf(free.api.members.unlockPhoto({ photoId: open })))).toBe("PREMIUM_ONLY");
      expect((await free.api.members.unlockPhoto({ photoId: main })).charged).toBe(0);
      const premium = await member({ paid: true, credits: 100 });
      expect((await premium.api.members.get({ id: owner.id })).photos.every((p) => !p.locked)).toBe(true);
      expect((await premium.api.members.unlockPhoto({ photoId: secret })).charged).toBe(0);
      expect((await owner.api.members.unlockPhoto({ photoId: secret })).charged).toBe(0);
      expect((await creditsOf(t.server.deps, premium.id)).balance).toBe(100);
      expect(appCodeOf(await failureOf(free.api.members.unlockPhoto({ photoId: 2_000_000_000 })))).toBe("NOT_FOUND");
    });
  });

  describe("gifts in chat (gift_credits)", () => {
    it("a gift costs gift_credits (never the free allowance), is a message with the gift, and a retry charges once", async () => {
      const sender = await member({ credits: 120 });
      const recipient = await member();
      const clientId = crypto.randomUUID();
      const sent = await sender.api.chats.sendGift({ toProfileId: recipient.id, clientId, gift: "rose" });
      expect(sent).toMatchObject({
        charged: 50,
        credits: 70,
        freeMessagesLeft: 3,
        message: { gift: "rose", body: "🌹" },
      });
      const retry = await sender.api.chats.sendGift({ toProfileId: recipient.id, clientId, gift: "rose" });
      expect(retry).toMatchObject({ duplicate: true, charged: 0, credits: 70 });
      expect(
        appCodeOf(await failureOf(sender.api.chats.sendGift({ toProfileId: recipient.id, clientId, gift: "teddy" }))),
      ).toBe("IDEMPOTENCY_CONFLICT");
      expect(await ledgerOf(sender.id, "gift")).toEqual([
        { delta: -50, reference: `gift:${clientId}`, balance_after: 70 },
      ]);
      const conv = await recipient.api.chats.conversation({ conversationId: sent.message.conversationId });
      expect(conv.messages).toEqual([expect.objectContaining({ gift: "rose", senderId: sender.id })]);
    });

    it("without enough credits: NOT_ENOUGH_CREDITS, nothing sent or charged", async () => {
      const sender = await member({ credits: 40 });
      const recipient = await member();
      expect(
        appCodeOf(
          await failureOf(
            sender.api.chats.sendGift({ toProfileId: recipient.id, clientId: crypto.randomUUID(), gift: "diamond" }),
          ),
        ),
      ).toBe("NOT_ENOUGH_CREDITS");
      expect(
        await t.server.deps.db.selectFrom("messages").select("id").where("sender_id", "=", sender.id).execute(),
      ).toEqual([]);
      expect((await creditsOf(t.server.deps, sender.id)).balance).toBe(40);
      expect(
        appCodeOf(
          await failureOf(
            sender.api.chats.sendGift({
              toProfileId: recipient.id,
              clientId: crypto.randomUUID(),
              gift: "car" as "rose",
            }),
          ),
        ),
      ).toBe("VALIDATION");
    });
  });

  it("randomized run: purchases (some failing), messages, photo unlocks and gifts keep balance = sum of the ledger, never below 0", async () => {
    const random = prng(4242);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const members = await Promise.all(Array.from({ length: 4 }, () => member()));
    const owner = await member({ gender: "female" });
    const photos = await Promise.all(
      Array.from({ length: 6 }, () => addPhoto(t.server, owner.id, { isPrivate: true })),
    );
    const packageIds = (await members[0]!.api.credits.packages({ country: "NL" })).packages.map((p) => p.id);
    const outcomes: Record<string, number> = {};
    const count = (k: string) => (outcomes[k] = (outcomes[k] ?? 0) + 1);

    for (let step = 0; step < 80; step++) {
      const m = pick(members);
      const action = pick(["buy", "message", "message", "unlock", "gift", "grant"] as const);
      try {
        if (action === "buy") {
          const { checkoutUrl } = await m.api.payments.start({
            packageId: pick(packageIds),
            method: pick(["ideal", "visa", "paypal"] as const),
            country: "NL",
            discountCode: null,
            idempotencyKey: crypto.randomUUID(),
          });
          await decideCheckout(t.server, referenceOf(checkoutUrl), {
            outcome: pick(["approve", "approve", "fail", "cancel", "pending"] as const),
          });
        } else if (action === "message") {
          await m.api.chats.send({
            toProfileId: pick(members.filter((x) => x !== m)).id,
            clientId: crypto.randomUUID(),
            body: `step ${step}`,
          });
        } else if (action === "unlock") {
          await m.api.members.unlockPhoto({ photoId: pick(photos) });
        } else if (action === "gift") {
          await m.api.chats.sendGift({
            toProfileId: pick(members.filter((x) => x !== m)).id,
            clientId: crypto.randomUUID(),
            gift: "heart",
          });
        } else {
          await giveCredits(t.server.deps, m.id, 5 + Math.floor(random() * 30));
        }
        count(`${action}:ok`);
      } catch (err) {
        count(`${action}:${appCodeOf(err) ?? "error"}`);
        if (!["NOT_ENOUGH_CREDITS", "PREMIUM_ONLY", "CONVERSATION_LIMIT"].includes(appCodeOf(err) ?? "")) throw err;
      }
      if (step % 10 === 0) await webhooksDelivered(t.server);
    }
    await webhooksDelivered(t.server);

    expect(outcomes["buy:ok"]).toBeGreaterThan(0);
    for (const m of [...members, owner]) {
      const c = await creditsOf(t.server.deps, m.id);
      expect(c.balance).toBe(c.ledgerSum);
      expect(c.balance).toBeGreaterThanOrEqual(0);
    }
    const db = t.server.deps.db;
    // Each completed payment credited exactly once; no other payment credited at all.
    const grants = await db
      .selectFrom("credit_ledger")
      .select(["reference", sql<number>`count(*)::int`.as("n")])
      .where("reason", "=", "purchase")
      .where("reference", "like", "payment:%")
      .groupBy("reference")
      .execute();
    const completed = await db.selectFrom("payments").select("id").where("status", "=", "completed").execute();
    expect(grants.every((g) => g.n === 1)).toBe(true);
    expect(new Set(grants.map((g) => g.reference))).toEqual(new Set(completed.map((p) => `payment:${p.id}`)));
    expect((await db.selectFrom("credit_ledger").select("id").where("balance_after", "<", 0).execute()).length).toBe(0);
    // Every charged message and gift has its ledger row, and every row its message.
    const unmatched = await sql<{ n: number }>`
      select count(*)::int as n from messages m
      where m.credits_charged > 0 and not exists (
        select 1 from credit_ledger l where l.user_id = m.sender_id
          and l.reference = (case when m.gift is null then 'msg:' else 'gift:' end) || m.client_id::text and l.delta = -m.credits_charged)`.execute(
      db,
    );
    expect(unmatched.rows[0]!.n).toBe(0);
  });
});
