import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { skipWithout } from "../support/env.js";
import { useTestServer } from "../support/server.js";
import { TestBrowser } from "../support/client.js";
import { appCodeOf, creditsOf, failureOf, giveCredits, memberFactory } from "../support/factories.js";
import {
  addPhoto,
  decideCheckout,
  postWebhook,
  referenceOf,
  webhookBody,
  webhooksDelivered,
} from "../support/payments.js";
import { createDiscountCode } from "../../server/features/discounts/discounts.service.js";
import { prng } from "../../server/features/members/members.demo.js";
import { sendMessageFast } from "../../server/features/chats/send-fast.repository.js";

/**
 * Money under concurrency, on the real PostgreSQL (PGlite is single-user): racing purchases with
 * a once-per-user code, racing webhooks and return pages, concurrent photo unlocks and gifts, and
 * a randomized concurrent run that must keep every balance equal to the sum of its ledger.
 */
describe.skipIf(skipWithout("postgres", "concurrency of payments, discount codes, unlocks and gifts"))(
  "money races on PostgreSQL",
  () => {
    const t = useTestServer();

    const member = memberFactory(t, { country: "NL" });
    type Member = Awaited<ReturnType<typeof member>>;

    async function outcomes<T>(calls: Array<Promise<T>>) {
      const settled = await Promise.allSettled(calls);
      return {
        ok: settled.flatMap((s) => (s.status === "fulfilled" ? [s.value] : [])),
        codes: settled.flatMap((s) => (s.status === "rejected" ? [appCodeOf(s.reason) ?? String(s.reason)] : [])),
      };
    }

    const packageIdOf = async (m: Member, credits = 100) =>
      (await m.api.credits.packages({ country: "NL" })).packages.find((p) => p.credits === credits)!.id;
    const startWith = async (m: Member, code: string | null, packageId: number) =>
      m.api.payments.start({
        packageId,
        method: "ideal",
        country: "NL",
        discountCode: code,
        idempotencyKey: crypto.randomUUID(),
      });

    /** Approve every pending checkout of the member and wait for the webhooks. */
    async function approveAllPending(m: Member) {
      const pending = await t.server.deps.db
        .selectFrom("payments")
        .select(["checkout_url"])
        .where("user_id", "=", m.id)
        .where("status", "=", "pending")
        .execute();
      await Promise.all(
        pending.map((p) => decideCheckout(t.server, referenceOf(p.checkout_url), { outcome: "approve" })),
      );
      await webhooksDelivered(t.server);
    }

    async function expectLedgerInvariant(userId: number) {
      const c = await creditsOf(t.server.deps, userId);
      expect(c.balance).toBe(c.ledgerSum);
      expect(c.balance).toBeGreaterThanOrEqual(0);
      return c;
    }

    it("12 concurrent purchases with one once-per-user code: the code is used by one completed purchase at most", async () => {
      const m = await member();
      await t.server.deps.db
        .updateTable("users")
        .set({ signup_date: sql<Date>`now() - interval '5 hours'` })
        .where("id", "=", m.id)
        .execute();
      const code = `RACE${crypto.randomBytes(3).toString("hex").toUpperCase()}`;
      await createDiscountCode(t.server.deps, { code, percentage: 30 });
      const packageId = await packageIdOf(m);
      const { ok, codes } = await outcomes(Array.from({ length: 12 }, () => startWith(m, code, packageId)));
      expect(ok.length).toBeGreaterThanOrEqual(1);
      expect(codes.every((c) => c === "CODE_ALREADY_USED")).toBe(true);
      // At any moment one payment holds the code (the others were refused or taken over).
      const holders = await t.server.deps.db
        .selectFrom("payments")
        .select("id")
        .where("user_id", "=", m.id)
        .where("discount_code", "=", code)
        .where("status", "=", "pending")
        .execute();
      expect(holders.length).toBeLessThanOrEqual(1);
      await approveAllPending(m);
      const used = await t.server.deps.db
        .selectFrom("payments")
        .select("id")
        .where("user_id", "=", m.id)
        .where("discount_code", "=", code)
        .where("status", "=", "completed")
        .execute();
      expect(used).toHaveLength(1);
      const redemptions = await t.server.deps.db
        .selectFrom("discount_redemptions")
        .selectAll()
        .where("user_id", "=", m.id)
        .execute();
      expect(redemptions).toHaveLength(1);
      expect(redemptions[0]!.used_at).not.toBeNull();
      await expectLedgerInvariant(m.id);
    });

    it("12 concurrent first purchases with TIMEBONUS25, also over HTTP: one completed purchase gets the 25%", async () => {
      const m = await member();
      const packageId = await packageIdOf(m);
      const browser = TestBrowser.withSession(t.server, m);
      const overHttp = () =>
        browser.trpc.payments.start.mutate({
          packageId,
          method: "ideal",
          country: "NL",
          discountCode: "TIMEBONUS25",
          idempotencyKey: crypto.randomUUID(),
        });
      const first = await outcomes([
        ...Array.from({ length: 6 }, overHttp),
        ...Array.from({ length: 6 }, () => startWith(m, "TIMEBONUS25", packageId)),
      ]);
      expect(first.codes.every((c) => c === "CODE_ALREADY_USED")).toBe(true);
      // Approve whatever is pending, at once, while more starts race in.
      await Promise.all([
        approveAllPending(m),
        outcomes(Array.from({ length: 4 }, () => startWith(m, "TIMEBONUS25", packageId))),
      ]);
      await approveAllPending(m);
      const discounted = await t.server.deps.db
        .selectFrom("payments")
        .select(["id", "amount_cents"])
        .where("user_id", "=", m.id)
        .where("discount_code", "=", "TIMEBONUS25")
        .where("status", "=", "completed")
        .execute();
      expect(discounted).toEqual([{ id: expect.any(Number), amount_cents: 749 }]);
      expect((await m.api.accounts.me())!.paidUser).toBe(true);
      await expectLedgerInvariant(m.id);
    });

    it("racing webhooks (distinct events and replays) and return-page polls credit a payment exactly once", async () => {
      for (let round = 0; round < 5; round++) {
        const m = await member();
        const { payment, checkoutUrl } = await startWith(m, null, await packageIdOf(m, 250));
        const reference = referenceOf(checkoutUrl);
        await t.server.deps.db
          .updateTable("simulated_checkout_sessions")
          .set({ status: "completed" })
          .where("reference", "=", reference)
          .execute();
        const replayed = webhookBody({
          reference,
          paymentId: payment.id,
          status: "completed",
          amountCents: 1999,
          currency: "EUR",
        });
        const results = await Promise.all([
          ...Array.from({ length: 8 }, () =>
            postWebhook(
              t.server,
              webhookBody({
                reference,
                paymentId: payment.id,
                status: "completed",
                amountCents: 1999,
                currency: "EUR",
              }),
            ),
          ),
          ...Array.from({ length: 8 }, () => postWebhook(t.server, replayed)),
          ...Array.from({ length: 8 }, () => m.api.payments.get({ paymentId: payment.id })),
        ]);
        const hooks = results.slice(0, 16) as Array<{ status: number; body: { applied: boolean; duplicate: boolean } }>;
        expect(hooks.every((h) => h.status === 200)).toBe(true);
        expect(hooks.slice(8).filter((h) => !h.body.duplicate)).toHaveLength(1);
        const grants = await t.server.deps.db
          .selectFrom("credit_ledger")
          .select("delta")
          .where("user_id", "=", m.id)
          .where("reason", "=", "purchase")
          .execute();
        expect(grants).toEqual([{ delta: 250 }]);
        expect(await expectLedgerInvariant(m.id)).toMatchObject({ balance: 250 });
      }
    });

    it("a webhook racing a cancellation: the payment ends in one state, credited only if completed", async () => {
      for (let round = 0; round < 6; round++) {
        const m = await member();
        const { payment, checkoutUrl } = await startWith(m, null, await packageIdOf(m));
        const reference = referenceOf(checkoutUrl);
        await Promise.allSettled([
          decideCheckout(t.server, reference, { outcome: "approve" }),
          m.api.payments.cancel({ paymentId: payment.id }),
          m.api.payments.get({ paymentId: payment.id }),
        ]);
        await webhooksDelivered(t.server);
        const final = await m.api.payments.get({ paymentId: payment.id });
        const c = await expectLedgerInvariant(m.id);
        expect(["completed", "cancelled"]).toContain(final.status);
        expect(c.balance).toBe(final.status === "completed" ? 100 : 0);
      }
    });

    it("concurrent unlocks of one private photo charge once; of many photos, never past the balance", async () => {
      const owner = await member({ gender: "female" });
      const photos = await Promise.all(
        Array.from({ length: 8 }, () => addPhoto(t.server, owner.id, { isPrivate: true })),
      );
      const viewer = await member({ credits: 70 });
      const same = await outcomes(
        Array.from({ length: 10 }, () => viewer.api.members.unlockPhoto({ photoId: photos[0]! })),
      );
      expect(same.ok.filter((r) => r.charged === 20)).toHaveLength(1);
      const many = await outcomes(photos.slice(1).map((photoId) => viewer.api.members.unlockPhoto({ photoId })));
      expect(many.ok).toHaveLength(2); // 70 - 20 = 50: two more at 20
      expect(many.codes).toEqual(Array(5).fill("NOT_ENOUGH_CREDITS"));
      expect(await expectLedgerInvariant(viewer.id)).toMatchObject({ balance: 10 });
      expect(
        await t.server.deps.db
          .selectFrom("photo_unlocks")
          .select("photo_id")
          .where("user_id", "=", viewer.id)
          .execute(),
      ).toHaveLength(3);
    });

    it("concurrent gifts and messages from one balance never overdraw it", async () => {
      const sender = await member({ paid: true, credits: 170 });
      const others = await Promise.all(Array.from({ length: 3 }, () => member()));
      const { ok, codes } = await outcomes(
        Array.from({ length: 24 }, (_, i) =>
          i % 2
            ? sender.api.chats.sendGift({ toProfileId: others[i % 3]!.id, clientId: crypto.randomUUID(), gift: "kiss" })
            : sender.api.chats.send({
                toProfileId: others[i % 3]!.id,
                clientId: crypto.randomUUID(),
                body: `race ${i}`,
              }),
        ),
      );
      expect(codes.every((c) => c === "NOT_ENOUGH_CREDITS")).toBe(true);
      const spent = ok.reduce((sum, r) => sum + r.charged, 0);
      const c = await expectLedgerInvariant(sender.id);
      expect(c.balance).toBe(170 - spent);
      expect(c.balance).toBeLessThan(10); // nothing affordable was refused
    });

    it("a send the balance cannot pay is refused without waiting for the members' row locks; a payable one waits for them", async () => {
      // migration 2026_11_28_0100: the §2 refusal and a retry's answer write nothing and take no lock.
      const poor = await member({ paid: true, credits: 5 });
      const rich = await member({ paid: true, credits: 50 });
      const recipient = await member();
      const clientId = crypto.randomUUID();
      const db = t.server.deps.db;
      /** The statement as chats.service calls it, failing at once (55P03) where it would wait for a row lock. */
      const statementWithoutWaiting = (from: Member) =>
        db.transaction().execute(async (tx) => {
          await sql`set local lock_timeout = '50ms'`.execute(tx);
          return sendMessageFast(tx as unknown as typeof db, {
            senderId: from.id,
            recipientId: recipient.id,
            clientId,
            body: "hello",
            gift: null,
            cost: 10, // §3 message_credits of the default site
            reason: "message",
            reference: `msg:${clientId}`,
            message: JSON.stringify({ senderId: from.id, clientId, body: "hello", gift: null, safety: [] }),
            siteDomain: null,
            push: false,
          });
        });
      // Another transaction holds the recipient's row lock (as a paid send to them would) until released.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      const holder = db.transaction().execute(async (tx) => {
        await sql`select id from users where id = ${recipient.id} for update`.execute(tx);
        holding();
        await released;
      });
      await held;
      try {
        expect(await statementWithoutWaiting(poor)).toMatchObject({ outcome: "not_enough_credits", credits: 5 });
        expect(((await failureOf(statementWithoutWaiting(rich))) as { code?: string }).code).toBe("55P03");
      } finally {
        release();
        await holder;
      }
      expect(await creditsOf(t.server.deps, poor.id)).toEqual({ balance: 5, ledgerSum: 5, ledgerRows: 1 });
      expect(await creditsOf(t.server.deps, rich.id)).toEqual({ balance: 50, ledgerSum: 50, ledgerRows: 1 });
      // Once the lock is gone, the payable send goes through, and the refusal is the same.
      expect(await statementWithoutWaiting(rich)).toMatchObject({ outcome: "sent", credits: 40, seq: 1 });
      expect(
        appCodeOf(await failureOf(poor.api.chats.send({ toProfileId: recipient.id, clientId, body: "hello" }))),
      ).toBe("NOT_ENOUGH_CREDITS");
    });

    it("randomized concurrent run of purchases, messages, unlocks and gifts keeps every balance = sum of its ledger", async () => {
      const random = prng(20261123);
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
      const members = await Promise.all(Array.from({ length: 6 }, () => member()));
      const owner = await member({ gender: "female" });
      const photos = await Promise.all(
        Array.from({ length: 5 }, () => addPhoto(t.server, owner.id, { isPrivate: true })),
      );
      const packageIds = (await members[0]!.api.credits.packages({ country: "NL" })).packages.map((p) => p.id);
      await Promise.all(members.map((m) => giveCredits(t.server.deps, m.id, 40)));

      const allowed = new Set(["NOT_ENOUGH_CREDITS", "CONVERSATION_LIMIT", "PREMIUM_ONLY"]);
      const act = async (m: Member, step: number) => {
        const action = pick(["buy", "message", "message", "unlock", "gift"] as const);
        const other = pick(members.filter((x) => x !== m));
        if (action === "buy") {
          const { checkoutUrl } = await m.api.payments.start({
            packageId: pick(packageIds),
            method: "ideal",
            country: "NL",
            discountCode: null,
            idempotencyKey: crypto.randomUUID(),
          });
          const reference = referenceOf(checkoutUrl);
          // The payer's decision and a look at the return page, at once.
          await Promise.all([
            decideCheckout(t.server, reference, { outcome: pick(["approve", "fail", "cancel"] as const) }),
            m.api.payments.list({}),
          ]);
        } else if (action === "message") {
          await m.api.chats.send({ toProfileId: other.id, clientId: crypto.randomUUID(), body: `concurrent ${step}` });
        } else if (action === "unlock") {
          await m.api.members.unlockPhoto({ photoId: pick(photos) });
        } else {
          await m.api.chats.sendGift({ toProfileId: other.id, clientId: crypto.randomUUID(), gift: "champagne" });
        }
      };
      for (let wave = 0; wave < 6; wave++) {
        const settled = await Promise.allSettled(
          Array.from({ length: 24 }, (_, i) => act(pick(members), wave * 100 + i)),
        );
        for (const s of settled) if (s.status === "rejected" && !allowed.has(appCodeOf(s.reason) ?? "")) throw s.reason;
      }
      await webhooksDelivered(t.server);

      for (const m of members) await expectLedgerInvariant(m.id);
      const db = t.server.deps.db;
      const dup = await sql<{
        n: number;
      }>`select count(*)::int as n from (select user_id, reason, reference from credit_ledger where reference is not null group by 1, 2, 3 having count(*) > 1) d`.execute(
        db,
      );
      expect(dup.rows[0]!.n).toBe(0);
      const credited = await sql<{ n: number }>`
      select count(*)::int as n from payments p
      where (p.status = 'completed') <> exists (select 1 from credit_ledger l where l.user_id = p.user_id and l.reference = 'payment:' || p.id)`.execute(
        db,
      );
      expect(credited.rows[0]!.n).toBe(0);
      const negative = await db.selectFrom("credit_ledger").select("id").where("balance_after", "<", 0).execute();
      expect(negative).toEqual([]);
    });
  },
);
