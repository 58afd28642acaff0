import type { PaymentMethod } from "../payment-methods.js";

/** A payment's state as the provider reports it; the site's `loading` is never the provider's. */
export type ProviderPaymentStatus = "pending" | "completed" | "failed" | "cancelled";

/** What the provider knows of one payment: by webhook, or when asked. */
export interface ProviderPaymentReport {
  /** The provider's reference of the checkout (unique per provider). */
  reference: string;
  /** The site's payment id the checkout was created for. */
  paymentId: number;
  status: ProviderPaymentStatus;
  /** Integer cents of `currency`: what the provider charged (or would charge). */
  amountCents: number;
  currency: string;
  /** Why a payment failed or was cancelled: 'declined', 'cancelled_by_payer', 'expired', 'recurring_declined', 'returned'… */
  failureReason: string | null;
  /** The card used, when the payer saved it for repeat orders (or it was charged again). */
  card: { last4: string; mandateReference: string | null } | null;
}

/** A verified webhook: the report and the provider's event id (a replay repeats the id). */
export interface ProviderWebhookEvent extends ProviderPaymentReport {
  eventId: string;
}

/** A hosted checkout to open: the site's payment, amount in integer cents, method and return URL. */
export interface CheckoutRequest {
  paymentId: number;
  amountCents: number;
  currency: string;
  method: PaymentMethod;
  /** Shown to the payer, e.g. "600 credits". */
  description: string;
  merchantName: string;
  /** Where the provider sends the payer back (the site's page that polls the payment). */
  returnUrl: string;
  /** For sdd: the mandate the provider collects under. */
  directDebit: { mandateReference: string; ibanMasked: string; accountHolder: string } | null;
}

/** A charge of a saved card (repeat order), without the payer. */
export interface SavedCardCharge {
  paymentId: number;
  amountCents: number;
  currency: string;
  method: PaymentMethod;
  description: string;
  merchantName: string;
  /** The card mandate the payer saved on an earlier checkout. */
  mandateReference: string;
}

/** The webhook's signature does not verify, or the body is not an event: answered with 400/401, never applied. */
export class WebhookRejectedError extends Error {
  constructor(readonly reason: "bad_signature" | "bad_payload") {
    super(reason === "bad_signature" ? "webhook signature does not verify" : "webhook payload is not an event");
  }
}

/**
 * A payment provider (ARCHITECTURE "Two ways to run": the built-in simulated provider by
 * default, a real provider's adapter behind the same interface). The site never trusts a
 * redirect: a payment changes state only from a signed webhook or from the provider's own
 * answer to fetchStatus.
 */
export interface PaymentProvider {
  /** Stored with each payment (payments.provider). */
  readonly name: string;
  /**
   * Open a hosted checkout for the payer.
   * @returns the provider's reference and the URL to send the payer to.
   * @throws on any provider failure (the site then marks the payment failed).
   */
  createCheckout(req: CheckoutRequest): Promise<{ reference: string; checkoutUrl: string }>;
  /**
   * Charge a saved card without the payer (repeat order). The outcome arrives like any other:
   * by webhook, or through fetchStatus.
   */
  chargeSavedCard(req: SavedCardCharge): Promise<{ reference: string }>;
  /** The provider's current view of a checkout (an expired open checkout reports cancelled/expired). */
  fetchStatus(reference: string): Promise<ProviderPaymentReport>;
  /** Cancel an open checkout; a settled one is left as it is. @returns the state after. */
  cancel(reference: string): Promise<ProviderPaymentReport>;
  /**
   * Verify and parse a webhook from its raw body and headers.
   * @throws WebhookRejectedError on a bad signature or body.
   */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ProviderWebhookEvent;
}
