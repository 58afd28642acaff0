import crypto from "node:crypto";
import { z } from "zod";
import type { DB } from "../../../../db/create-db.js";
import type { Logger } from "../../../infra/logger.js";
import { CARD_METHODS, type PaymentMethod } from "../payment-methods.js";
import { Cents, Id } from "../../../validation.js";
import {
  type CheckoutRequest,
  type PaymentProvider,
  type ProviderPaymentReport,
  type ProviderPaymentStatus,
  type ProviderWebhookEvent,
  type SavedCardCharge,
  WebhookRejectedError,
} from "./payment-provider.js";
import * as repo from "./simulated.repository.js";

/** The header carrying the webhook's signature: `sha256=<hex HMAC-SHA256 of the raw body>`. */
export const SIMULATED_SIGNATURE_HEADER = "x-simulated-signature";
/** Where the site receives this provider's webhooks. */
export const SIMULATED_WEBHOOK_PATH = "/payments/webhook/simulated";
/** How long a hosted checkout stays open before it counts as cancelled (reason 'expired'). */
export const CHECKOUT_SESSION_TTL_SECONDS = 30 * 60;
/** Webhook delivery: attempts and the first retry delay (doubling), as real providers retry. */
const DELIVERY_ATTEMPTS = 5;
const DELIVERY_FIRST_RETRY_MS = 200;

/**
 * Test cards of the hosted checkout page (as real providers' test modes have):
 * 4242… approves, and a saved 4242 approves repeat orders too; 0341… approves now, but repeat
 * orders charged to it decline (§8 'Recurring card payment failed').
 */
export const TEST_CARDS = {
  "4242": { number: "4242 4242 4242 4242", declinesRecurring: false },
  "0341": { number: "4000 0000 0000 0341", declinesRecurring: true },
} as const;
/** A test card of the hosted checkout, by its last four digits. */
export type TestCard = keyof typeof TEST_CARDS;

/** The payer's choice on the hosted checkout page. */
export type CheckoutDecision =
  | { outcome: "approve"; card?: TestCard; saveCard?: boolean }
  | { outcome: "fail" }
  | { outcome: "cancel" }
  /** Leave it open and go back to the site (the payment stays pending). */
  | { outcome: "pending" };

/** The hosted checkout page's view of a session. */
export interface CheckoutSessionView {
  reference: string;
  merchantName: string;
  description: string;
  amountCents: number;
  currency: string;
  method: PaymentMethod;
  isCard: boolean;
  isDirectDebit: boolean;
  ibanMasked: string | null;
  status: ProviderPaymentStatus;
  failureReason: string | null;
  /** ISO 8601 UTC. */
  expiresAt: string;
  returnUrl: string;
}

/** An open session's decision came too late: it is settled or expired. */
export class CheckoutClosedError extends Error {
  constructor(readonly status: ProviderPaymentStatus) {
    super(`this checkout is ${status}`);
  }
}

const WebhookBody = z.object({
  id: z.string().min(1).max(100),
  type: z.literal("checkout.status"),
  created_at: z.string(),
  data: z.object({
    reference: z.string().min(1).max(100),
    merchant_payment_id: Id,
    status: z.enum(["pending", "completed", "failed", "cancelled"]),
    amount_cents: Cents,
    currency: z.string().length(3),
    failure_reason: z.string().max(100).nullable(),
    card: z
      .object({ last4: z.string().regex(/^\d{4}$/), mandate_reference: z.string().max(100).nullable() })
      .nullable(),
  }),
});
/** The simulated provider's webhook body (signed as sent). */
export type SimulatedWebhookBody = z.infer<typeof WebhookBody>;

/** `sha256=<hex>` of HMAC-SHA256(secret, rawBody). */
export function signWebhookBody(secret: string, rawBody: string | Buffer): string {
  return `sha256=${crypto.createHmac("sha256", secret).update(rawBody).digest("hex")}`;
}

/** Compare a signature header with the expected one in constant time. */
function signatureMatches(secret: string, rawBody: Buffer, header: string | string[] | undefined): boolean {
  if (typeof header !== "string") return false;
  const expected = Buffer.from(signWebhookBody(secret, rawBody));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

type SessionRow = NonNullable<Awaited<ReturnType<typeof repo.findSession>>>;

function statusOf(row: SessionRow): ProviderPaymentStatus {
  return row.status === "open" ? "pending" : row.status;
}

function reportOf(row: SessionRow): ProviderPaymentReport {
  return {
    reference: row.reference,
    paymentId: row.merchant_payment_id,
    status: statusOf(row),
    amountCents: row.amount_cents,
    currency: row.currency,
    failureReason: row.failure_reason,
    card: row.card_last4 ? { last4: row.card_last4, mandateReference: row.card_mandate_reference } : null,
  };
}

/** The simulated provider: a PaymentProvider plus its hosted checkout page's operations. */
export interface SimulatedProvider extends PaymentProvider {
  /** The hosted checkout page's data. @returns null for an unknown reference. */
  getCheckout(reference: string): Promise<CheckoutSessionView | null>;
  /**
   * The payer's decision on the hosted page: settles an open session once and sends the signed
   * webhook (asynchronously, retried, like a real provider).
   * @returns where to send the payer: the site's return URL.
   * @throws CheckoutClosedError when the session is already settled or has expired.
   */
  decide(reference: string, decision: CheckoutDecision): Promise<{ returnUrl: string }>;
  /** Resolves when every webhook delivery under way has finished (tests, shutdown). */
  idle(): Promise<void>;
}

/**
 * The built-in simulated provider: a hosted checkout page served by the site itself
 * (/checkout/<reference>), its sessions kept in its own tables, and webhooks signed with
 * PAYMENT_WEBHOOK_SECRET delivered to SIMULATED_WEBHOOK_PATH through `deliver` (which posts the
 * raw body over the real HTTP route, so signature checking and parsing run as for any provider).
 *
 * @param deliver posts a raw body with headers to the webhook path; resolves to the HTTP status.
 */
export function createSimulatedProvider(opts: {
  db: DB;
  secret: string;
  log: Logger;
  deliver: (rawBody: string, headers: Record<string, string>) => Promise<number>;
}): SimulatedProvider {
  const { db, secret, log } = opts;
  const inFlight = new Set<Promise<void>>();

  /** Send the session's current state as a signed webhook, retrying on failure. */
  function sendWebhook(row: SessionRow): void {
    const body: SimulatedWebhookBody = {
      id: `evt_${crypto.randomBytes(12).toString("hex")}`,
      type: "checkout.status",
      created_at: new Date().toISOString(),
      data: {
        reference: row.reference,
        merchant_payment_id: row.merchant_payment_id,
        status: statusOf(row),
        amount_cents: row.amount_cents,
        currency: row.currency,
        failure_reason: row.failure_reason,
        card: row.card_last4 ? { last4: row.card_last4, mandate_reference: row.card_mandate_reference } : null,
      },
    };
    const raw = JSON.stringify(body);
    const headers = { "content-type": "application/json", [SIMULATED_SIGNATURE_HEADER]: signWebhookBody(secret, raw) };
    const delivery = (async () => {
      // Delivered after the payer's request has been answered, as a real provider's would be.
      await new Promise((r) => setImmediate(r));
      for (let attempt = 1; attempt <= DELIVERY_ATTEMPTS; attempt++) {
        try {
          const status = await opts.deliver(raw, headers);
          if (status >= 200 && status < 300) return;
          log.warn({ reference: row.reference, status, attempt }, "simulated provider: webhook refused");
        } catch (err) {
          log.warn({ err, reference: row.reference, attempt }, "simulated provider: webhook delivery failed");
        }
        if (attempt < DELIVERY_ATTEMPTS)
          await new Promise((r) => setTimeout(r, DELIVERY_FIRST_RETRY_MS * 2 ** (attempt - 1)));
      }
    })();
    inFlight.add(delivery);
    void delivery.finally(() => inFlight.delete(delivery));
  }

  /** An open session past its expiry is settled as cancelled ('expired'), once. */
  async function expireIfDue(row: SessionRow): Promise<SessionRow> {
    if (row.status !== "open" || new Date(row.expires_at).getTime() > Date.now()) return row;
    const settled = await repo.settleSession(
      db,
      row.reference,
      { status: "cancelled", failure_reason: "expired" },
      { onlyUnexpired: false, onlyExpired: true },
    );
    if (settled) {
      sendWebhook(settled);
      return settled;
    }
    return (await repo.findSession(db, row.reference)) ?? row;
  }

  async function openSession(
    req: Omit<CheckoutRequest, "directDebit"> & { ibanMasked: string | null; recurring: boolean },
  ) {
    const reference = `sim_${crypto.randomBytes(16).toString("base64url")}`;
    await repo.insertSession(db, {
      reference,
      merchant_payment_id: req.paymentId,
      amount_cents: req.amountCents,
      currency: req.currency,
      method: req.method,
      description: req.description,
      merchant_name: req.merchantName,
      return_url: req.returnUrl,
      iban_masked: req.ibanMasked,
      recurring: req.recurring,
      expires_at: new Date(Date.now() + CHECKOUT_SESSION_TTL_SECONDS * 1000),
    });
    return reference;
  }

  return {
    name: "simulated",

    async createCheckout(req) {
      const reference = await openSession({
        ...req,
        ibanMasked: req.directDebit?.ibanMasked ?? null,
        recurring: false,
      });
      // The reference is unguessable: the page is a capability, like a real provider's checkout URL.
      return { reference, checkoutUrl: `/checkout/${encodeURIComponent(reference)}` };
    },

    async chargeSavedCard(req: SavedCardCharge) {
      const mandate = await repo.findCardMandate(db, req.mandateReference);
      const reference = await openSession({ ...req, returnUrl: "", ibanMasked: null, recurring: true });
      const settled = await repo.settleSession(
        db,
        reference,
        mandate && !mandate.declines_recurring
          ? {
              status: "completed",
              failure_reason: null,
              card_last4: mandate.card_last4,
              card_mandate_reference: mandate.reference,
            }
          : {
              status: "failed",
              failure_reason: "recurring_declined",
              card_last4: mandate?.card_last4 ?? null,
              card_mandate_reference: mandate?.reference ?? null,
            },
        { onlyUnexpired: false },
      );
      if (settled) sendWebhook(settled);
      return { reference };
    },

    async fetchStatus(reference) {
      const row = await repo.findSession(db, reference);
      if (!row) throw new Error(`simulated provider: unknown checkout ${reference}`);
      return reportOf(await expireIfDue(row));
    },

    async cancel(reference) {
      const settled = await repo.settleSession(
        db,
        reference,
        { status: "cancelled", failure_reason: "cancelled_by_merchant" },
        { onlyUnexpired: false },
      );
      if (settled) {
        sendWebhook(settled);
        return reportOf(settled);
      }
      const row = await repo.findSession(db, reference);
      if (!row) throw new Error(`simulated provider: unknown checkout ${reference}`);
      return reportOf(row);
    },

    parseWebhook(rawBody, headers): ProviderWebhookEvent {
      if (!signatureMatches(secret, rawBody, headers[SIMULATED_SIGNATURE_HEADER]))
        throw new WebhookRejectedError("bad_signature");
      let parsed: SimulatedWebhookBody;
      try {
        parsed = WebhookBody.parse(JSON.parse(rawBody.toString("utf8")));
      } catch {
        throw new WebhookRejectedError("bad_payload");
      }
      const d = parsed.data;
      return {
        eventId: parsed.id,
        reference: d.reference,
        paymentId: d.merchant_payment_id,
        status: d.status,
        amountCents: d.amount_cents,
        currency: d.currency,
        failureReason: d.failure_reason,
        card: d.card ? { last4: d.card.last4, mandateReference: d.card.mandate_reference } : null,
      };
    },

    async getCheckout(reference) {
      const found = await repo.findSession(db, reference);
      if (!found || found.recurring) return null;
      const row = await expireIfDue(found);
      const method = row.method as PaymentMethod;
      return {
        reference: row.reference,
        merchantName: row.merchant_name,
        description: row.description,
        amountCents: row.amount_cents,
        currency: row.currency,
        method,
        isCard: CARD_METHODS.has(method),
        isDirectDebit: row.iban_masked !== null,
        ibanMasked: row.iban_masked,
        status: statusOf(row),
        failureReason: row.failure_reason,
        expiresAt: new Date(row.expires_at).toISOString(),
        returnUrl: row.return_url,
      };
    },

    async decide(reference, decision) {
      const row = await repo.findSession(db, reference);
      if (!row || row.recurring) throw new CheckoutClosedError("cancelled");
      const current = await expireIfDue(row);
      if (current.status !== "open") throw new CheckoutClosedError(statusOf(current));
      if (decision.outcome === "pending") return { returnUrl: current.return_url };

      let set: Parameters<typeof repo.settleSession>[2];
      let mandate: { reference: string; card_last4: string; declines_recurring: boolean } | null = null;
      if (decision.outcome === "approve") {
        const isCard = CARD_METHODS.has(current.method as PaymentMethod);
        const card = isCard ? TEST_CARDS[decision.card ?? "4242"] : null;
        const last4 = card ? card.number.slice(-4) : null;
        if (card && last4 && decision.saveCard) {
          mandate = {
            reference: `card_${crypto.randomBytes(12).toString("hex")}`,
            card_last4: last4,
            declines_recurring: card.declinesRecurring,
          };
        }
        set = {
          status: "completed",
          failure_reason: null,
          card_last4: last4,
          card_mandate_reference: mandate?.reference ?? null,
        };
      } else if (decision.outcome === "fail") {
        set = { status: "failed", failure_reason: current.iban_masked ? "returned" : "declined" };
      } else {
        set = { status: "cancelled", failure_reason: "cancelled_by_payer" };
      }
      if (mandate) await repo.insertCardMandate(db, mandate);
      const settled = await repo.settleSession(db, reference, set, { onlyUnexpired: true });
      if (!settled) {
        const now = await repo.findSession(db, reference);
        throw new CheckoutClosedError(now ? statusOf(now) : "cancelled");
      }
      sendWebhook(settled);
      return { returnUrl: settled.return_url };
    },

    async idle() {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
  };
}
