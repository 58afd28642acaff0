import crypto from "node:crypto";
import type { TestServer } from "./server.js";
import {
  signWebhookBody,
  SIMULATED_SIGNATURE_HEADER,
  SIMULATED_WEBHOOK_PATH,
  type CheckoutDecision,
  type SimulatedWebhookBody,
} from "../../server/features/payments/providers/simulated.provider.js";

/**
 * Helpers to pay as a member would: start a payment, act on the simulated provider's hosted
 * checkout over HTTP (as the checkout page does), and send webhooks as a provider would.
 */

/** The simulated checkout's reference from a checkout URL (/checkout/<reference>). */
export function referenceOf(checkoutUrl: string | null | undefined): string {
  const m = /\/checkout\/([^/?#]+)/.exec(checkoutUrl ?? "");
  if (!m) throw new Error(`not a simulated checkout URL: ${checkoutUrl}`);
  return decodeURIComponent(m[1]!);
}

/** The payer's choice on the hosted checkout page, over HTTP. @returns status and body. */
export async function decideCheckout(
  server: Pick<TestServer, "url">,
  reference: string,
  decision: CheckoutDecision,
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${server.url}/simulated-checkout/sessions/${encodeURIComponent(reference)}/decide`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(decision),
  });
  return { status: res.status, body: await res.json() };
}

/** The hosted checkout page's data. */
export async function getCheckout(
  server: Pick<TestServer, "url">,
  reference: string,
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${server.url}/simulated-checkout/sessions/${encodeURIComponent(reference)}`);
  return { status: res.status, body: await res.json() };
}

/** Wait until the simulated provider has delivered every webhook under way. */
export async function webhooksDelivered(server: Pick<TestServer, "deps">): Promise<void> {
  await server.deps.simulatedCheckout!.idle();
}

/** A simulated provider's webhook body about one checkout. */
export function webhookBody(p: {
  reference: string;
  paymentId: number;
  status: "pending" | "completed" | "failed" | "cancelled";
  amountCents: number;
  currency: string;
  eventId?: string;
  failureReason?: string | null;
  card?: { last4: string; mandate_reference: string | null } | null;
}): SimulatedWebhookBody {
  return {
    id: p.eventId ?? `evt_${crypto.randomBytes(8).toString("hex")}`,
    type: "checkout.status",
    created_at: new Date().toISOString(),
    data: {
      reference: p.reference,
      merchant_payment_id: p.paymentId,
      status: p.status,
      amount_cents: p.amountCents,
      currency: p.currency,
      failure_reason: p.failureReason ?? null,
      card: p.card ?? null,
    },
  };
}

/**
 * POST a webhook to the site as the provider would, signed with `secret` (default: the server's
 * own PAYMENT_WEBHOOK_SECRET); `signature` overrides the header (null: none).
 */
export async function postWebhook(
  server: Pick<TestServer, "url" | "deps">,
  body: SimulatedWebhookBody | string,
  opts: { secret?: string; signature?: string | null } = {},
): Promise<{ status: number; body: any }> {
  const raw = typeof body === "string" ? body : JSON.stringify(body);
  const headers: Record<string, string> = { "content-type": "application/json" };
  const signature =
    opts.signature === undefined
      ? signWebhookBody(opts.secret ?? server.deps.paymentWebhookSecret, raw)
      : opts.signature;
  if (signature !== null) headers[SIMULATED_SIGNATURE_HEADER] = signature;
  const res = await fetch(`${server.url}${SIMULATED_WEBHOOK_PATH}`, { method: "POST", headers, body: raw });
  return { status: res.status, body: await res.json() };
}

/** Add a photo row to a profile (files are not needed for the rules under test). */
export async function addPhoto(
  server: Pick<TestServer, "deps">,
  profileId: number,
  opts: { isMain?: boolean; isPrivate?: boolean } = {},
): Promise<number> {
  const name = () => `${crypto.randomBytes(16).toString("hex")}.webp`;
  const row = await server.deps.db
    .insertInto("photos")
    .values({
      profile_id: profileId,
      filename: name(),
      thumb_filename: name(),
      blurred_filename: name(),
      is_main: opts.isMain ?? false,
      is_private: opts.isPrivate ?? false,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
