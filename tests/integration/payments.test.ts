import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { useTestServer } from "../support/server.js";
import { appCodeOf, creditsOf, failureOf, memberFactory } from "../support/factories.js";
import {
  decideCheckout,
  getCheckout,
  postWebhook,
  referenceOf,
  webhookBody,
  webhooksDelivered,
} from "../support/payments.js";

/**
 * Payments (§3 Payment, §4 loading → pending → completed | failed | cancelled, §8): every state
 * transition through the simulated provider's hosted checkout and its signed webhooks; the
 * webhook's signature, replays and races; exactly one credit grant per completed payment.
 */
describe("payments", () => {
  const t = useTestServer();

  const member = memberFactory(t, { country: "NL" });
  type Member = Awaited<ReturnType<typeof member>>;

  async function packageOf(m: Member, credits: number, country = "NL") {
    const list = await m.api.credits.packages({ country });
    const pkg = list.packages.find((p) => p.credits === credits);
    if (!pkg) throw new Error(`no package of ${credits} credits`);
    return pkg;
  }

  async function start(
    m: Member,
    opts: { credits?: number; method?: string; country?: string; discountCode?: string | null; key?: string } = {},
  ) {
    const pkg = await packageOf(m, opts.credits ?? 100, opts.country ?? "NL");
    return m.api.payments.start({
      packageId: pkg.id,
      method: (opts.method ?? "ideal") as "ideal",
      country: opts.country ?? "NL",
      discountCode: opts.discountCode ?? null,
      idempotencyKey: opts.key ?? crypto.randomUUID(),
    });
  }

  async function rowOf(paymentId: number) {
    return t.server.deps.db.selectFrom("payments").selectAll().where("id", "=", paymentId).executeTakeFirstOrThrow();
  }

  async function purchaseLedgerRows(userId: number) {
    return t.server.deps.db
      .selectFrom("credit_ledger")
      .selectAll()
      .where("user_id", "=", userId)
      .where("reason", "=", "purchase")
      .execute();
  }

  describe("packages and methods (§2 /credits, §3)", () => {
    it("lists four packages priced in the payment country's currency, one marked best value", async () => {
      const m = await member();
      const nl = await m.api.credits.packages({ country: "NL" });
      expect(nl.currency).toBe("EUR");
      expect(nl.packages.map((p) => p.credits)).toEqual([100, 250, 600, 1500]);
      expect(nl.packages.map((p) => p.priceCents)).toEqual([999, 1999, 3999, 7999]);
      expect(nl.packages.filter((p) => p.bestValue)).toHaveLength(1);
      const cheapestPerCredit = [...nl.packages].sort(
        (a, b) => a.priceCents / a.credits - b.priceCents / b.credits,
      )[0]!;
      expect(cheapestPerCredit.bestValue).toBe(true);
      for (const [country, currency] of [
        ["GB", "GBP"],
        ["US", "USD"],
        ["CH", "CHF"],
        ["PL", "PLN"],
        ["CA", "CAD"],
        ["AU", "AUD"],
        ["NZ", "NZD"],
        ["DE", "EUR"],
      ]) {
        const list = await m.api.credits.packages({ country });
        expect(list.currency).toBe(currency);
        expect(
          list.packages.every((p) => p.currency === currency && Number.isInteger(p.priceCents) && p.priceCents > 0),
        ).toBe(true);
      }
    });

    it("offers the methods of the payment country (ideal NL, bancontact BE, blik and prezelewy24 PL, sofort and giropay DE, eps AT, cartebancaire FR, nexi IT)", async () => {
      const m = await member();
      const methods = async (country: string) => (await m.api.credits.packages({ country })).methods;
      expect(await methods("NL")).toContain("ideal");
      expect(await methods("BE")).toContain("bancontact");
      expect(await methods("PL")).toEqual(expect.arrayContaining(["blik", "prezelewy24"]));
      expect(await methods("DE")).toEqual(expect.arrayContaining(["sofort", "giropay", "sdd"]));
      expect(await methods("AT")).toContain("eps");
      expect(await methods("FR")).toContain("cartebancaire");
      expect(await methods("IT")).toContain("nexi");
      expect(await methods("DE")).not.toContain("ideal");
      expect(await methods("US")).not.toContain("sdd");
      // The member's profile country is the default payment country.
      expect((await m.api.credits.packages({})).country).toBe("NL");
    });

    it("refuses a method the country does not offer, and an unknown package", async () => {
      const m = await member();
      expect(appCodeOf(await failureOf(start(m, { method: "ideal", country: "DE" })))).toBe(
        "PAYMENT_METHOD_UNAVAILABLE",
      );
      const err = await failureOf(
        m.api.payments.start({
          packageId: 999_999,
          method: "ideal",
          country: "NL",
          discountCode: null,
          idempotencyKey: crypto.randomUUID(),
        }),
      );
      expect(appCodeOf(err)).toBe("NOT_FOUND");
      expect(await t.server.deps.db.selectFrom("payments").select("id").where("user_id", "=", m.id).execute()).toEqual(
        [],
      );
    });
  });

  describe("state transitions (§4)", () => {
    it("start: loading then pending, with a hosted checkout for the amount and method", async () => {
      const m = await member();
      const { payment, checkoutUrl } = await start(m, { credits: 250 });
      expect(payment).toMatchObject({
        status: "pending",
        credits: 250,
        amountCents: 1999,
        listAmountCents: 1999,
        currency: "EUR",
        method: "ideal",
        refundDays: 14,
      });
      expect(checkoutUrl).toMatch(/^\/checkout\/sim_/);
      const checkout = await getCheckout(t.server, referenceOf(checkoutUrl));
      expect(checkout.status).toBe(200);
      expect(checkout.body).toMatchObject({
        amountCents: 1999,
        currency: "EUR",
        method: "ideal",
        status: "pending",
        description: "250 credits",
      });
      expect((await rowOf(payment.id)).provider_reference).toBe(referenceOf(checkoutUrl));
    });

    it("pending → completed: the webhook credits the package once, makes the member premium and records credits.changed", async () => {
      const m = await member();
      expect((await m.api.accounts.me())!.paidUser).toBe(false);
      const { payment, checkoutUrl } = await start(m, { credits: 600 });
      const decided = await decideCheckout(t.server, referenceOf(checkoutUrl), { outcome: "approve" });
      expect(decided).toEqual({
        status: 200,
        body: { returnUrl: expect.stringMatching(new RegExp(`/transactions/${payment.id}$`)) },
      });
      await webhooksDelivered(t.server);
      const row = await rowOf(payment.id);
      expect(row.status).toBe("completed");
      expect(row.completed_at).not.toBeNull();
      const me = (await m.api.accounts.me())!;
      expect(me).toMatchObject({ credits: 600, paidUser: true });
      expect(await purchaseLedgerRows(m.id)).toMatchObject([
        { delta: 600, balance_after: 600, reference: `payment:${payment.id}` },
      ]);
      expect(await creditsOf(t.server.deps, m.id)).toMatchObject({ balance: 600, ledgerSum: 600 });
      const events = await t.server.deps.db
        .selectFrom("member_events")
        .select(["type", "payload"])
        .where("user_id", "=", m.id)
        .execute();
      expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(["credits.changed", "payment.updated"]));
      // Stored as a JSON document (not a JSON string), so a reconnecting tab's backfill gets the event.
      expect(events.find((e) => e.type === "credits.changed")!.payload).toEqual({
        type: "credits.changed",
        credits: 600,
        paidUser: true,
        reason: "purchase",
        paymentId: payment.id,
      });
      const view = await m.api.payments.get({ paymentId: payment.id });
      expect(view.status).toBe("completed");
      expect(Date.parse(view.refundableUntil!) - Date.parse(view.completedAt!)).toBe(14 * 86_400_000);
      expect(view.checkoutUrl).toBeNull();
    });

    it("pending → failed and pending → cancelled: no credits, not premium, another method may be tried", async () => {
      const m = await member();
      const failed = await start(m);
      await decideCheckout(t.server, referenceOf(failed.checkoutUrl), { outcome: "fail" });
      const cancelled = await start(m);
      await decideCheckout(t.server, referenceOf(cancelled.checkoutUrl), { outcome: "cancel" });
      await webhooksDelivered(t.server);
      expect(await m.api.payments.get({ paymentId: failed.payment.id })).toMatchObject({
        status: "failed",
        failureReason: "declined",
      });
      expect(await m.api.payments.get({ paymentId: cancelled.payment.id })).toMatchObject({
        status: "cancelled",
        failureReason: "cancelled_by_payer",
      });
      expect((await m.api.accounts.me())!).toMatchObject({ credits: 0, paidUser: false });
      expect(await purchaseLedgerRows(m.id)).toEqual([]);
      const other = await start(m, { method: "paypal" });
      expect(other.payment.status).toBe("pending");
    });

    it("leaving the checkout pending keeps the payment pending; the payer can come back and finish it", async () => {
      const m = await member();
      const { payment, checkoutUrl } = await start(m);
      expect(await decideCheckout(t.server, referenceOf(checkoutUrl), { outcome: "pending" })).toMatchObject({
        status: 200,
      });
      await webhooksDelivered(t.server);
      const view = await m.api.payments.get({ paymentId: payment.id });
      expect(view).toMatchObject({ status: "pending", checkoutUrl });
      await decideCheckout(t.server, referenceOf(checkoutUrl), { outcome: "approve" });
      await webhooksDelivered(t.server);
      expect((await m.api.payments.get({ paymentId: payment.id })).status).toBe("completed");
    });

    it("settled payments stay settled: a later webhook of another outcome changes nothing", async () => {
      const m = await member();
      const done = await start(m);
      await decideCheckout(t.server, referenceOf(done.checkoutUrl), { outcome: "approve" });
      const lost = await start(m);
      await decideCheckout(t.server, referenceOf(lost.checkoutUrl), { outcome: "fail" });
      await webhooksDelivered(t.server);
      const late = [
        webhookBody({
          reference: referenceOf(done.checkoutUrl),
          paymentId: done.payment.id,
          status: "failed",
          amountCents: 999,
          currency: "EUR",
        }),
        webhookBody({
          reference: referenceOf(lost.checkoutUrl),
          paymentId: lost.payment.id,
          status: "completed",
          amountCents: 999,
          currency: "EUR",
        }),
      ];
      for (const body of late)
        expect(await postWebhook(t.server, body)).toEqual({
          status: 200,
          body: { received: true, duplicate: false, applied: false },
        });
      expect((await rowOf(done.payment.id)).status).toBe("completed");
      expect((await rowOf(lost.payment.id)).status).toBe("failed");
      expect((await creditsOf(t.server.deps, m.id)).balance).toBe(100);
      // The checkout itself is closed: deciding again is refused.
      expect((await decideCheckout(t.server, referenceOf(done.checkoutUrl), { outcome: "cancel" })).status).toBe(409);
    });

    it("the member may cancel a pending payment; the provider's checkout closes with it", async () => {
      const m = await member();
      const { payment, checkoutUrl } = await start(m);
      expect(await m.api.payments.cancel({ paymentId: payment.id })).toMatchObject({
        status: "cancelled",
        failureReason: "cancelled_by_merchant",
      });
      expect(await decideCheckout(t.server, referenceOf(checkoutUrl), { outcome: "approve" })).toEqual({
        status: 409,
        body: { error: "checkout_closed", status: "cancelled" },
      });
      await webhooksDelivered(t.server);
      expect((await creditsOf(t.server.deps, m.id)).balance).toBe(0);
    });

    it("an abandoned checkout expires: the return page finds it cancelled (expired)", async () => {
      const m = await member();
      const { payment, checkoutUrl } = await start(m);
      await t.server.deps.db
        .updateTable("simulated_checkout_sessions")
        .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
        .where("reference", "=", referenceOf(checkoutUrl))
        .execute();
      expect(await m.api.payments.get({ paymentId: payment.id })).toMatchObject({
        status: "cancelled",
        failureReason: "expired",
      });
      await webhooksDelivered(t.server);
    });

    it("a payment stuck in loading (the provider never answered) is failed on the next look", async () => {
      const m = await member();
      const { payment } = await start(m);
      await t.server.deps.db
        .updateTable("payments")
        .set({ status: "loading", created_at: sql<Date>`now() - interval '10 minutes'` })
        .where("id", "=", payment.id)
        .execute();
      expect(await m.api.payments.get({ paymentId: payment.id })).toMatchObject({
        status: "failed",
        failureReason: "provider_timeout",
      });
    });

    it("a retried start with the same idempotency key returns the first payment", async () => {
      const m = await member();
      const key = crypto.randomUUID();
      const a = await start(m, { key });
      const b = await start(m, { key });
      expect(b.payment.id).toBe(a.payment.id);
      expect(b.checkoutUrl).toBe(a.checkoutUrl);
      expect(
        await t.server.deps.db.selectFrom("payments").select("id").where("user_id", "=", m.id).execute(),
      ).toHaveLength(1);
    });

    it("the same idempotency key for another package, method or country is refused (409); nothing more is written", async () => {
      const m = await member();
      const key = crypto.randomUUID();
      const first = await start(m, { key });
      for (const other of [{ credits: 250 }, { method: "paypal" }, { country: "DE" }]) {
        const err = await failureOf(start(m, { key, ...other }));
        expect([other, appCodeOf(err)]).toEqual([other, "IDEMPOTENCY_CONFLICT"]); // 409 (trpc/errors.ts)
      }
      const payments = await t.server.deps.db.selectFrom("payments").selectAll().where("user_id", "=", m.id).execute();
      expect(payments.map((p) => [p.id, p.package_id, p.method, p.country])).toEqual([
        [first.payment.id, (await packageOf(m, 100, "NL")).id, "ideal", "NL"],
      ]);
    });

    it("only the first completed payment changes paid_user; every completed payment credits its package", async () => {
      const m = await member();
      for (const credits of [100, 250]) {
        const { checkoutUrl } = await start(m, { credits });
        await decideCheckout(t.server, referenceOf(checkoutUrl), { outcome: "approve" });
        await webhooksDelivered(t.server);
      }
      expect((await m.api.accounts.me())!).toMatchObject({ credits: 350, paidUser: true });
      expect(await creditsOf(t.server.deps, m.id)).toMatchObject({ balance: 350, ledgerSum: 350 });
    });
  });

  describe("webhooks: signature, replay and race", () => {
    async function pendingPayment() {
      const m = await member();
      const { payment, checkoutUrl } = await start(m);
      return { m, payment, reference: referenceOf(checkoutUrl) };
    }

    it("refuses a bad, missing or foreign-secret signature, and a tampered body (401), changing nothing", async () => {
      const { m, payment, reference } = await pendingPayment();
      const body = webhookBody({
        reference,
        paymentId: payment.id,
        status: "completed",
        amountCents: 999,
        currency: "EUR",
      });
      expect((await postWebhook(t.server, body, { signature: null })).status).toBe(401);
      expect((await postWebhook(t.server, body, { signature: "sha256=" + "0".repeat(64) })).status).toBe(401);
      expect((await postWebhook(t.server, body, { secret: "another-secret-of-someone-else" })).status).toBe(401);
      const raw = JSON.stringify(body);
      const { signWebhookBody } = await import("../../server/features/payments/providers/simulated.provider.js");
      const signature = signWebhookBody(t.server.deps.paymentWebhookSecret, raw);
      const tampered = raw.replace('"amount_cents":999', '"amount_cents":9');
      expect((await postWebhook(t.server, tampered, { signature })).status).toBe(401);
      expect((await rowOf(payment.id)).status).toBe("pending");
      expect((await creditsOf(t.server.deps, m.id)).balance).toBe(0);
      expect(
        await t.server.deps.db
          .selectFrom("payment_webhook_events")
          .select("id")
          .where("payment_id", "=", payment.id)
          .execute(),
      ).toEqual([]);
    });

    it("refuses a signed webhook whose amount or currency is not the payment's (400), and a body that is not an event", async () => {
      const { m, payment, reference } = await pendingPayment();
      expect(
        (
          await postWebhook(
            t.server,
            webhookBody({ reference, paymentId: payment.id, status: "completed", amountCents: 1, currency: "EUR" }),
          )
        ).status,
      ).toBe(400);
      expect(
        (
          await postWebhook(
            t.server,
            webhookBody({ reference, paymentId: payment.id, status: "completed", amountCents: 999, currency: "USD" }),
          )
        ).status,
      ).toBe(400);
      expect((await postWebhook(t.server, '{"hello":"world"}')).status).toBe(400);
      expect((await postWebhook(t.server, "not json")).status).toBe(400);
      expect(
        (
          await postWebhook(
            t.server,
            webhookBody({
              reference: "sim_unknown_reference",
              paymentId: 2_000_000_000,
              status: "completed",
              amountCents: 999,
              currency: "EUR",
            }),
          )
        ).status,
      ).toBe(404);
      expect((await rowOf(payment.id)).status).toBe("pending");
      expect((await creditsOf(t.server.deps, m.id)).balance).toBe(0);
    });

    it("a replayed webhook (same event id) is recognised and credits nothing more", async () => {
      const { m, payment, reference } = await pendingPayment();
      const body = webhookBody({
        reference,
        paymentId: payment.id,
        status: "completed",
        amountCents: 999,
        currency: "EUR",
      });
      expect(await postWebhook(t.server, body)).toEqual({
        status: 200,
        body: { received: true, duplicate: false, applied: true },
      });
      for (let i = 0; i < 3; i++)
        expect(await postWebhook(t.server, body)).toEqual({
          status: 200,
          body: { received: true, duplicate: true, applied: false },
        });
      expect(await creditsOf(t.server.deps, m.id)).toMatchObject({ balance: 100, ledgerSum: 100 });
      expect(await purchaseLedgerRows(m.id)).toHaveLength(1);
    });

    it("several different completed events, and the return page asking the provider at once, credit exactly once", async () => {
      const { m, payment, reference } = await pendingPayment();
      await decideCheckout(t.server, reference, { outcome: "approve" });
      const bodies = Array.from({ length: 5 }, () =>
        webhookBody({ reference, paymentId: payment.id, status: "completed", amountCents: 999, currency: "EUR" }),
      );
      const results = await Promise.all([
        ...bodies.map((b) => postWebhook(t.server, b)),
        ...Array.from({ length: 5 }, () => m.api.payments.get({ paymentId: payment.id })),
      ]);
      await webhooksDelivered(t.server);
      const hooks = results.slice(0, 5) as Array<{ status: number; body: { applied: boolean } }>;
      expect(hooks.every((h) => h.status === 200)).toBe(true);
      expect(hooks.filter((h) => h.body.applied).length).toBeLessThanOrEqual(1);
      expect((await rowOf(payment.id)).status).toBe("completed");
      expect(await creditsOf(t.server.deps, m.id)).toMatchObject({ balance: 100, ledgerSum: 100 });
      expect(await purchaseLedgerRows(m.id)).toHaveLength(1);
    });

    it("the return page can settle the payment before the webhook arrives; the webhook then changes nothing", async () => {
      const { m, payment, reference } = await pendingPayment();
      // The provider settled, its webhook has not come: the return page asks the provider.
      await t.server.deps.db
        .updateTable("simulated_checkout_sessions")
        .set({ status: "completed" })
        .where("reference", "=", reference)
        .execute();
      expect((await m.api.payments.get({ paymentId: payment.id })).status).toBe("completed");
      expect(
        await postWebhook(
          t.server,
          webhookBody({ reference, paymentId: payment.id, status: "completed", amountCents: 999, currency: "EUR" }),
        ),
      ).toMatchObject({
        status: 200,
        body: { applied: false },
      });
      expect(await creditsOf(t.server.deps, m.id)).toMatchObject({ balance: 100, ledgerSum: 100 });
    });
  });

  describe("history and repeat orders (§2 /transactions, /credits/repeat-order, §8)", () => {
    it("lists the member's payments newest first, pages them, and hides other members' payments", async () => {
      const m = await member();
      const ids: number[] = [];
      for (let i = 0; i < 3; i++) ids.push((await start(m)).payment.id);
      const page1 = await m.api.payments.list({ limit: 2 });
      expect(page1.items.map((p) => p.id)).toEqual([ids[2], ids[1]]);
      const page2 = await m.api.payments.list({ limit: 2, cursor: page1.nextCursor });
      expect(page2).toEqual({ items: [expect.objectContaining({ id: ids[0] })], nextCursor: null });
      const other = await member();
      expect(appCodeOf(await failureOf(other.api.payments.get({ paymentId: ids[0]! })))).toBe("NOT_FOUND");
      expect(appCodeOf(await failureOf(other.api.payments.cancel({ paymentId: ids[0]! })))).toBe("NOT_FOUND");
      expect((await other.api.payments.list({})).items).toEqual([]);
    });

    it("repeat order without an earlier purchase: NO_PREVIOUS_ORDER", async () => {
      const m = await member();
      expect(await m.api.payments.repeatOptions()).toEqual([]);
      expect(appCodeOf(await failureOf(m.api.payments.repeat({ idempotencyKey: crypto.randomUUID() })))).toBe(
        "NO_PREVIOUS_ORDER",
      );
    });

    /** A member's first purchase, paid by a card they saved (the provider's test card `card`). */
    async function boughtWithSavedCard(m: Member, opts: { credits?: number; method: string; card: "4242" | "0341" }) {
      const first = await start(m, { credits: opts.credits, method: opts.method });
      await decideCheckout(t.server, referenceOf(first.checkoutUrl), {
        outcome: "approve",
        card: opts.card,
        saveCard: true,
      });
      await webhooksDelivered(t.server);
      return first;
    }

    it("a saved card repeats the last order at once, without a checkout; a retry does not charge twice", async () => {
      const m = await member();
      const first = await boughtWithSavedCard(m, { credits: 250, method: "visa", card: "4242" });
      const options = await m.api.payments.repeatOptions();
      expect(options).toEqual([
        expect.objectContaining({
          paymentId: first.payment.id,
          credits: 250,
          method: "visa",
          oneClick: true,
          cardLast4: "4242",
          amountCents: 1999,
        }),
      ]);
      const key = crypto.randomUUID();
      const repeat = await m.api.payments.repeat({ idempotencyKey: key });
      expect(repeat.checkoutUrl).toBeNull();
      expect(repeat.payment).toMatchObject({ status: "completed", recurring: true, credits: 250, cardLast4: "4242" });
      await webhooksDelivered(t.server);
      expect((await m.api.payments.repeat({ idempotencyKey: key })).payment.id).toBe(repeat.payment.id);
      expect(await creditsOf(t.server.deps, m.id)).toMatchObject({ balance: 500, ledgerSum: 500 });
    });

    it("a card that declines recurring charges gives a failed repeat order ('recurring_declined'); nothing is credited", async () => {
      const m = await member();
      await boughtWithSavedCard(m, { method: "mastercard", card: "0341" });
      const repeat = await m.api.payments.repeat({ idempotencyKey: crypto.randomUUID() });
      expect(repeat.payment).toMatchObject({ status: "failed", failureReason: "recurring_declined", recurring: true });
      await webhooksDelivered(t.server);
      expect((await creditsOf(t.server.deps, m.id)).balance).toBe(100);
    });

    it("the provider charged the saved card but its answer was lost: the payment fails at first, and the provider's report completes it (credits granted once)", async () => {
      const m = await member();
      const first = await boughtWithSavedCard(m, { credits: 250, method: "visa", card: "4242" });
      // The provider (the simulated one, a separate system) charges, then the answer is lost on the way back.
      const provider = t.server.deps.paymentProvider;
      const charge = provider.chargeSavedCard.bind(provider);
      provider.chargeSavedCard = async (request) => {
        await charge(request);
        throw new Error("socket hang up");
      };
      try {
        expect(appCodeOf(await failureOf(m.api.payments.repeat({ idempotencyKey: crypto.randomUUID() })))).toBe(
          "PAYMENT_FAILED",
        );
      } finally {
        provider.chargeSavedCard = charge;
      }
      // The provider's signed report of the charge arrives (and is retried): the member gets what they paid for.
      await webhooksDelivered(t.server);
      const [repeated] = (await m.api.payments.list({})).items.filter((p) => p.id !== first.payment.id);
      expect(repeated).toMatchObject({ status: "completed", credits: 250, recurring: true });
      expect(await creditsOf(t.server.deps, m.id)).toMatchObject({ balance: 500, ledgerSum: 500 });
    });

    it("without a saved card a repeat order opens a checkout with the same package and method", async () => {
      const m = await member();
      const first = await start(m, { credits: 600, method: "ideal" });
      await decideCheckout(t.server, referenceOf(first.checkoutUrl), { outcome: "approve" });
      await webhooksDelivered(t.server);
      const repeat = await m.api.payments.repeat({ paymentId: first.payment.id, idempotencyKey: crypto.randomUUID() });
      expect(repeat.payment).toMatchObject({
        status: "pending",
        credits: 600,
        method: "ideal",
        recurring: false,
        discountCode: null,
      });
      expect(repeat.checkoutUrl).toMatch(/^\/checkout\//);
    });
  });
});
