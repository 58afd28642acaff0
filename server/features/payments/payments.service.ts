import type { AppDeps } from "../../deps.js";
import { inTransaction, isUniqueViolation, type Tx } from "../../../db/create-db.js";
import type { PaymentRow, PaymentStatus } from "../../../db/database.js";
import { DomainError, NotFoundError } from "../../domain-error.js";
import type { Site } from "../site/site.service.js";
import { publishStored, recordEvent, type StoredEvent } from "../live/live.service.js";
import { getPackage, getWalletForUpdate, grantCreditsInTx, markPremiumInTx } from "../credits/credits.service.js";
import {
  DiscountCodeUsedError,
  findPaymentHoldingCode,
  discountAppliesAtCompletion,
  markDiscountUsed,
  priceAfterDiscount,
  releaseDiscount,
  reserveDiscountForPayment,
} from "../discounts/discounts.service.js";
import { blockAfterReturnedDebit, takeMandateForPayment } from "../directdebit/directdebit.service.js";
import {
  CARD_METHODS,
  DIRECT_DEBIT_METHOD,
  PAYMENT_COUNTRIES,
  currencyOf,
  methodsOf,
  type PaymentMethod,
} from "./payment-methods.js";
import { type ProviderPaymentReport, WebhookRejectedError } from "./providers/payment-provider.js";
import * as repo from "./payments.repository.js";

/**
 * Payments (§2 /credits/{id}/{paymentmethod?}, /credits/repeat-order, /transactions; §3
 * Payment; §4 loading → pending → completed | failed | cancelled; §8). Every state change is a
 * conditional update on the state it leaves, and a completed payment's credits are one ledger
 * row `payment:<id>` (unique): a repeated or racing webhook, or the return page asking the
 * provider at the same moment, credits exactly once.
 */

/** A payment still `loading` this long after its start never reached the provider: it failed. */
export const PAYMENT_LOADING_TIMEOUT_SECONDS = 120;

/** §8 'Payment failed or has been cancelled.': the provider could not start the payment. */
export class PaymentFailedError extends DomainError {
  constructor() {
    super("PAYMENT_FAILED", "Payment failed or has been cancelled.");
  }
}
/** §3: the method is not offered in the payment country. */
export class PaymentMethodUnavailableError extends DomainError {
  constructor() {
    super("PAYMENT_METHOD_UNAVAILABLE", "This payment method is not available in your country.");
  }
}
/** §2 repeat order: there is no completed purchase to repeat. */
export class NoPreviousOrderError extends DomainError {
  constructor() {
    super("NO_PREVIOUS_ORDER", "There is no earlier order to repeat.");
  }
}

/** An idempotency key already used for another order (package, method or payment country). */
export class OrderIdempotencyConflictError extends DomainError {
  constructor() {
    super("IDEMPOTENCY_CONFLICT", "This order id was already used for another order.");
  }
}

/**
 * The payment a retry of `input` gets back: the one started with its idempotency key.
 * @throws OrderIdempotencyConflictError when that payment is for another package, method or
 *         payment country (a client that reused its key by mistake must not be sent to the
 *         checkout of an order it did not make).
 */
function retriedPayment(earlier: PaymentRow, input: StartPaymentInput): PaymentRow {
  if (earlier.package_id !== input.packageId || earlier.method !== input.method || earlier.country !== input.country)
    throw new OrderIdempotencyConflictError();
  return earlier;
}

/** §3 Payment as the member sees it (payment_id, credits, amount, payment method, refund days …). */
export interface PaymentView {
  id: number;
  status: PaymentStatus;
  packageId: number;
  credits: number;
  country: string;
  currency: string;
  /** Integer cents actually charged (after the discount). */
  amountCents: number;
  /** Integer cents before the discount. */
  listAmountCents: number;
  discountCode: string | null;
  discountPercentage: number | null;
  method: PaymentMethod;
  /** A repeat order charged to the saved card. */
  recurring: boolean;
  cardLast4: string | null;
  /** Whether a repeat order can charge this payment's card directly. */
  cardSaved: boolean;
  failureReason: string | null;
  /** §3 refund days of the site when the member bought. */
  refundDays: number;
  /** ISO 8601 UTC: completed + refund days, for a completed payment; else null. */
  refundableUntil: string | null;
  /** Where to continue a pending checkout (null once settled, or for a repeat order). */
  checkoutUrl: string | null;
  /** ISO 8601 UTC. */
  createdAt: string;
  completedAt: string | null;
}

function toView(p: PaymentRow): PaymentView {
  const completedAt = p.completed_at ? new Date(p.completed_at) : null;
  return {
    id: p.id,
    status: p.status,
    packageId: p.package_id,
    credits: p.credits,
    country: p.country,
    currency: p.currency,
    amountCents: p.amount_cents,
    listAmountCents: p.list_amount_cents,
    discountCode: p.discount_code,
    discountPercentage: p.discount_percentage,
    method: p.method as PaymentMethod,
    recurring: p.recurring,
    cardLast4: p.card_last4,
    cardSaved: p.card_mandate_reference !== null,
    failureReason: p.failure_reason,
    refundDays: p.refund_days,
    refundableUntil: completedAt ? new Date(completedAt.getTime() + p.refund_days * 86_400_000).toISOString() : null,
    checkoutUrl: p.status === "pending" && !p.recurring ? p.checkout_url : null,
    createdAt: new Date(p.created_at).toISOString(),
    completedAt: completedAt ? completedAt.toISOString() : null,
  };
}

/** Where the request came from (the tRPC context fits): the serving site (its refund days and name, §3) and the origin of return links. */
export interface RequestSite {
  site: Site;
  origin: string;
}

/** What startPayment needs (validated by StartPaymentInput in payments.schema.ts). */
export interface StartPaymentInput {
  packageId: number;
  method: PaymentMethod;
  /** The payment country (§3 other client state): decides currency and methods. */
  country: string;
  /** The discount code the member was shown (the active discount), or null for the list price. */
  discountCode: string | null;
  /** A UUID the client made for this purchase and reuses on retry. */
  idempotencyKey: string;
}

/**
 * Start buying a package (§2 /credits/{id}/{paymentmethod}): the payment is written `loading`
 * with the discount it takes (§4, §5; TIMEBONUS25 only on the first purchase), then the provider
 * opens a hosted checkout and the payment becomes `pending`. For sdd the confirmed direct debit
 * mandate is taken (and the 30-day limit checked) in the same transaction.
 *
 * Idempotent on (member, idempotencyKey): a retry returns the first payment, never a second one;
 * the key reused for another package, method or country is refused (409 IDEMPOTENCY_CONFLICT).
 * A once-per-user code held by a checkout the member left pending is taken over: that checkout is
 * cancelled at the provider first (if the payer finished it meanwhile, it completes instead and
 * the code is used).
 *
 * @returns the payment and the URL of the provider's checkout to send the payer to (null when
 *          the payment is not pending).
 * @throws NotFoundError (no such package), PaymentMethodUnavailableError, discount errors
 *         (CODE_NOT_FOUND, CODE_ALREADY_USED, CODE_EXPIRED, CODE_MINIMUM_ORDER, CODE_WRONG_COUNTRY,
 *         CODE_WRONG_PAYMENT_METHOD), direct debit errors (DIRECT_DEBIT_REQUIRED, _BLOCKED, _LIMIT),
 *         PaymentFailedError when the provider refuses to start (the payment is then `failed`),
 *         OrderIdempotencyConflictError (the key was used for another order; nothing written).
 */
export async function startPayment(
  deps: AppDeps,
  userId: number,
  input: StartPaymentInput,
  site: RequestSite,
): Promise<{ payment: PaymentView; checkoutUrl: string | null }> {
  const found = await repo.findPaymentByIdempotencyKey(deps.db, userId, input.idempotencyKey);
  if (found) {
    const earlier = toView(retriedPayment(found, input));
    return { payment: earlier, checkoutUrl: earlier.checkoutUrl };
  }

  if (!PAYMENT_COUNTRIES.includes(input.country) || !methodsOf(input.country).includes(input.method))
    throw new PaymentMethodUnavailableError();
  const currency = currencyOf(input.country);
  const pkg = await getPackage(deps, input.packageId, currency);
  const siteRow = site.site;

  let created: { payment: PaymentRow; directDebit: Awaited<ReturnType<typeof takeMandateForPayment>> | null };
  for (let attempt = 1; ; attempt++) {
    try {
      created = await inTransaction(deps.db, async (tx) => {
        const member = await repo.findMemberForPayment(tx, userId);
        if (!member) throw new NotFoundError();
        let payment = await repo.insertPayment(tx, {
          user_id: userId,
          package_id: pkg.id,
          credits: pkg.credits,
          country: input.country,
          currency,
          list_amount_cents: pkg.priceCents,
          amount_cents: pkg.priceCents,
          method: input.method,
          status: "loading",
          provider: deps.paymentProvider.name,
          refund_days: siteRow.refund_days,
          idempotency_key: input.idempotencyKey,
        });
        if (input.discountCode) {
          const taken = await reserveDiscountForPayment(
            tx,
            { id: userId, paidUser: member.paid_user, signupDate: new Date(member.signup_date) },
            input.discountCode,
            payment.id,
            { currency, country: input.country, method: input.method, listCents: pkg.priceCents },
          );
          const amount = priceAfterDiscount(pkg.priceCents, taken.percentage);
          await repo.setDiscount(tx, payment.id, {
            amount_cents: amount,
            discount_code: taken.code,
            discount_percentage: taken.percentage,
          });
          payment = {
            ...payment,
            amount_cents: amount,
            discount_code: taken.code,
            discount_percentage: taken.percentage,
          };
        }
        let directDebit = null;
        if (input.method === DIRECT_DEBIT_METHOD) {
          directDebit = await takeMandateForPayment(tx, userId, { id: payment.id, amountCents: payment.amount_cents });
          payment =
            (await repo.transition(tx, payment.id, ["loading"], {
              status: "loading",
              direct_debit_mandate_id: directDebit.id,
            })) ?? payment;
        }
        return { payment, directDebit };
      });
      break;
    } catch (err) {
      if (isUniqueViolation(err, "payments_idempotency_uq")) {
        const found = await repo.findPaymentByIdempotencyKey(deps.db, userId, input.idempotencyKey);
        if (found) {
          const winner = toView(retriedPayment(found, input));
          return { payment: winner, checkoutUrl: winner.checkoutUrl };
        }
      }
      // The code is held by a checkout the member left open: cancel that one, then try again once.
      if (err instanceof DiscountCodeUsedError && attempt === 1 && input.discountCode) {
        const holder = await findPaymentHoldingCode(deps, userId, input.discountCode);
        if (holder && holder.status === "pending") {
          await cancelPendingPayment(deps, holder.paymentId);
          continue;
        }
      }
      throw err;
    }
  }

  const { payment, directDebit } = created;
  const description = `${payment.credits} credits`;
  try {
    const session = await deps.paymentProvider.createCheckout({
      paymentId: payment.id,
      amountCents: payment.amount_cents,
      currency: payment.currency,
      method: input.method,
      description,
      merchantName: siteRow.name,
      returnUrl: `${site.origin}/transactions/${payment.id}`,
      directDebit: directDebit
        ? {
            mandateReference: directDebit.reference,
            ibanMasked: directDebit.ibanMasked,
            accountHolder: directDebit.accountHolder,
          }
        : null,
    });
    const pending = await repo.transition(deps.db, payment.id, ["loading"], {
      status: "pending",
      provider_reference: session.reference,
      checkout_url: session.checkoutUrl,
    });
    const view = toView(pending ?? (await repo.findPayment(deps.db, payment.id))!);
    return { payment: view, checkoutUrl: view.checkoutUrl };
  } catch (err) {
    deps.log.error({ err, paymentId: payment.id }, "the payment provider could not start a checkout");
    await failLoadingPayment(deps, payment.id, "provider_error");
    throw new PaymentFailedError();
  }
}

/**
 * Why this site fails a payment on its own, not on the provider's word: the provider could not be
 * reached (`provider_error`) or did not answer in time (`provider_timeout`). The provider may have
 * taken the money all the same; its later 'completed' report then completes the payment.
 */
const SELF_FAILED_REASONS = ["provider_error", "provider_timeout"] as const;

/** A `loading` payment that never reached the provider: failed, its discount given back. */
async function failLoadingPayment(deps: AppDeps, paymentId: number, reason: string): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    const row = await repo.transition(tx, paymentId, ["loading"], { status: "failed", failure_reason: reason });
    if (row) await releaseDiscount(tx, paymentId);
  });
}

/**
 * Apply what the provider reports to the payment, in `tx` (§4). Only a pending payment changes:
 * - completed: credits granted (ledger `payment:<id>`), first purchase makes the member premium,
 *   the discount is used for good, `credits.changed` recorded;
 * - failed / cancelled: the discount is given back; a returned direct debit blocks direct debit.
 * A report for a settled payment, or 'pending', changes nothing.
 * @returns the events to publish after commit, and whether the payment changed.
 */
async function applyReportInTx(
  tx: Tx,
  payment: PaymentRow,
  report: ProviderPaymentReport,
): Promise<{ applied: boolean; events: StoredEvent[] }> {
  if (report.status === "pending") return { applied: false, events: [] };
  if (report.status === "completed") {
    const completion = {
      status: "completed" as const,
      completed_at: new Date(),
      failure_reason: null,
      card_last4: report.card?.last4 ?? payment.card_last4,
      card_mandate_reference: report.card?.mandateReference ?? payment.card_mandate_reference,
    };
    // The provider took the money even if this site gave the payment up on its own (its call
    // failed or was never answered in time): the member gets what they paid for. Its discount was
    // given back then, so it buys what its amount buys at the list price.
    let selfFailed = false;
    let row = await repo.transition(tx, payment.id, ["pending"], completion);
    if (!row) {
      row = await repo.completeSelfFailed(tx, payment.id, SELF_FAILED_REASONS, completion);
      selfFailed = row !== undefined;
    }
    if (!row) return { applied: false, events: [] };
    // §4, §9: the welcome bonus is for the first purchase only. If another purchase completed
    // while this discounted checkout was open, the discount is dropped: the payment stands (the
    // member paid), and it buys what its amount buys at the list price (decisions.md). The member's
    // row is locked before premium is read: two purchases completing at once are decided one after
    // the other, so only the first can keep a first-purchase discount.
    let grant = row.credits;
    if (selfFailed && row.discount_code) {
      grant = creditsAsPaid(row);
      await repo.dropDiscount(tx, row.id, grant);
    } else if (
      row.discount_code &&
      !(await discountAppliesAtCompletion(tx, row.id, await getWalletForUpdate(tx, row.user_id)))
    ) {
      grant = creditsAsPaid(row);
      await repo.dropDiscount(tx, row.id, grant);
      await releaseDiscount(tx, row.id);
    } else {
      await markDiscountUsed(tx, row.id);
    }
    const credits = await grantCreditsInTx(tx, row.user_id, grant, "purchase", `payment:${row.id}`);
    await markPremiumInTx(tx, row.user_id);
    const events = [
      await recordEvent(tx, row.user_id, {
        type: "credits.changed",
        credits,
        paidUser: true,
        reason: "purchase",
        paymentId: row.id,
      }),
      await recordEvent(tx, row.user_id, { type: "payment.updated", paymentId: row.id, status: "completed" }),
    ];
    return { applied: true, events };
  }
  const row = await repo.transition(tx, payment.id, ["pending"], {
    status: report.status,
    failure_reason: report.failureReason ?? report.status,
  });
  if (!row) return { applied: false, events: [] };
  await releaseDiscount(tx, row.id);
  if (row.method === DIRECT_DEBIT_METHOD && report.failureReason === "returned")
    await blockAfterReturnedDebit(tx, row.user_id, row.direct_debit_mandate_id);
  return {
    applied: true,
    events: [await recordEvent(tx, row.user_id, { type: "payment.updated", paymentId: row.id, status: report.status })],
  };
}

/** The credits `amount_cents` buys at the package's list price (rounded down, at least 1). */
function creditsAsPaid(row: { credits: number; amount_cents: number; list_amount_cents: number }): number {
  return Math.max(1, Math.floor((row.credits * row.amount_cents) / row.list_amount_cents));
}

/** The report must be about this payment and for its amount, else it is not applied. */
function reportMatches(payment: PaymentRow, report: ProviderPaymentReport): boolean {
  return (
    report.paymentId === payment.id &&
    report.amountCents === payment.amount_cents &&
    report.currency === payment.currency
  );
}

/** Bring a pending payment in line with the provider (the return page's poll, a takeover). */
async function syncWithProvider(deps: AppDeps, payment: PaymentRow): Promise<PaymentRow> {
  if (
    payment.status === "loading" &&
    Date.now() - new Date(payment.created_at).getTime() > PAYMENT_LOADING_TIMEOUT_SECONDS * 1000
  ) {
    await failLoadingPayment(deps, payment.id, "provider_timeout");
    return (await repo.findPayment(deps.db, payment.id))!;
  }
  if (payment.status !== "pending" || !payment.provider_reference || payment.provider !== deps.paymentProvider.name)
    return payment;
  let report: ProviderPaymentReport;
  try {
    report = await deps.paymentProvider.fetchStatus(payment.provider_reference);
  } catch (err) {
    deps.log.warn({ err, paymentId: payment.id }, "asking the payment provider failed; the webhook will tell");
    return payment;
  }
  return applyReport(deps, payment, report);
}

async function applyReport(deps: AppDeps, payment: PaymentRow, report: ProviderPaymentReport): Promise<PaymentRow> {
  if (report.status === "pending") return payment;
  if (!reportMatches(payment, report)) {
    deps.log.error({ paymentId: payment.id, report }, "the provider's report does not match the payment: not applied");
    return payment;
  }
  const { events } = await inTransaction(deps.db, (tx) => applyReportInTx(tx, payment, report));
  publishStored(deps, events);
  return (await repo.findPayment(deps.db, payment.id))!;
}

/** Cancel a pending checkout at the provider, then apply what it says (cancelled, or completed if the payer was quicker). */
async function cancelPendingPayment(deps: AppDeps, paymentId: number): Promise<PaymentRow | undefined> {
  const payment = await repo.findPayment(deps.db, paymentId);
  if (!payment || payment.status !== "pending" || !payment.provider_reference) return payment;
  const report = await deps.paymentProvider.cancel(payment.provider_reference);
  return applyReport(deps, payment, report);
}

/**
 * One of the member's payments (§2 /transactions/{id}; the page the provider returns the payer
 * to, which polls it). A pending payment is first brought in line with the provider, so the
 * page learns the outcome even before the webhook arrives — whichever comes first credits,
 * the other changes nothing.
 * @throws NotFoundError when the payment is not the member's.
 */
export async function getPayment(deps: AppDeps, userId: number, paymentId: number): Promise<PaymentView> {
  const payment = await repo.findPayment(deps.db, paymentId);
  if (!payment || payment.user_id !== userId) throw new NotFoundError("This payment could not be found.");
  return toView(await syncWithProvider(deps, payment));
}

/**
 * §2 /transactions: the member's payments, newest first, `limit` per page.
 * @param input.cursor the last id of the previous page, or null.
 * @returns the page and the cursor of the next one (null at the end).
 */
export async function listPayments(
  deps: AppDeps,
  userId: number,
  input: { cursor?: number | null; limit?: number },
): Promise<{ items: PaymentView[]; nextCursor: number | null }> {
  const limit = input.limit ?? 20;
  const rows = await repo.listPayments(deps.db, userId, limit + 1, input.cursor ?? null);
  const items = rows.slice(0, limit).map(toView);
  return { items, nextCursor: rows.length > limit ? items[items.length - 1]!.id : null };
}

/**
 * The member gives up a pending payment (§4 cancelled: another method is offered). Cancelled at
 * the provider first; if the payer had already paid, the payment completes instead.
 * @returns the payment after.
 * @throws NotFoundError when the payment is not the member's.
 */
export async function cancelPayment(deps: AppDeps, userId: number, paymentId: number): Promise<PaymentView> {
  const payment = await repo.findPayment(deps.db, paymentId);
  if (!payment || payment.user_id !== userId) throw new NotFoundError("This payment could not be found.");
  return toView((await cancelPendingPayment(deps, paymentId)) ?? payment);
}

/** Outcome of one webhook delivery. */
export interface WebhookOutcome {
  /** A replay of an event already received (same provider event id): nothing was done. */
  duplicate: boolean;
  /** The event changed the payment (false: already settled, or 'pending'). */
  applied: boolean;
}

/** The webhook is about a payment not ready for it (still `loading`): the provider retries later. */
export class WebhookTooEarlyError extends Error {}

/**
 * A provider's webhook (POST /payments/webhook/<provider>): verify the signature over the raw
 * body, recognise a replay by the provider's event id, and apply the report to the payment — the
 * event row and the state change in one transaction.
 *
 * @throws WebhookRejectedError (bad signature or body; answered 401/400, nothing applied),
 *         NotFoundError (no such payment), WebhookTooEarlyError (payment still loading: 409, retried).
 */
export async function handleWebhook(
  deps: AppDeps,
  providerName: string,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<WebhookOutcome> {
  if (providerName !== deps.paymentProvider.name) throw new NotFoundError("Unknown payment provider.");
  const event = deps.paymentProvider.parseWebhook(rawBody, headers);
  const payment =
    (await repo.findPaymentByReference(deps.db, providerName, event.reference)) ??
    (await repo.findPayment(deps.db, event.paymentId));
  if (!payment || payment.provider !== providerName) throw new NotFoundError("This payment could not be found.");
  if (payment.status === "loading") throw new WebhookTooEarlyError();
  if (
    !reportMatches(payment, event) ||
    (payment.provider_reference !== null && payment.provider_reference !== event.reference)
  ) {
    deps.log.error({ paymentId: payment.id, event }, "webhook does not match the payment: refused");
    throw new WebhookRejectedError("bad_payload");
  }
  const outcome = await inTransaction(deps.db, async (tx) => {
    const fresh = await repo.insertWebhookEvent(tx, {
      provider: providerName,
      event_id: event.eventId,
      payment_id: payment.id,
      status: event.status,
      applied: false,
    });
    if (!fresh) return { duplicate: true, applied: false, events: [] as StoredEvent[] };
    const { applied, events } = await applyReportInTx(tx, payment, event);
    if (applied) await repo.setWebhookEventApplied(tx, providerName, event.eventId, true);
    return { duplicate: false, applied, events };
  });
  publishStored(deps, outcome.events);
  return { duplicate: outcome.duplicate, applied: outcome.applied };
}

/** One line of §2 /credits/repeat-order: an earlier purchase to buy again. */
export interface RepeatOption {
  /** The earlier payment. */
  paymentId: number;
  packageId: number;
  credits: number;
  country: string;
  currency: string;
  method: PaymentMethod;
  /** Today's list price of the package in that currency (repeat orders get no welcome discount). */
  amountCents: number;
  /** The card is saved: the repeat order charges it at once, without the checkout. */
  cardLast4: string | null;
  oneClick: boolean;
  /** ISO 8601 UTC of the earlier purchase. */
  boughtAt: string;
}

/**
 * §2 /credits/repeat-order: the member's recent purchases, one per package and method, newest
 * first (the first is the last order), still on sale and with the method still offered.
 */
export async function listRepeatOptions(deps: AppDeps, userId: number): Promise<RepeatOption[]> {
  const rows = await repo.listCompleted(deps.db, userId, 50);
  const seen = new Set<string>();
  const options: RepeatOption[] = [];
  for (const p of rows) {
    const key = `${p.package_id}:${p.method}:${p.country}`;
    if (seen.has(key) || !methodsOf(p.country).includes(p.method as PaymentMethod)) continue;
    seen.add(key);
    let price: number;
    try {
      price = (await getPackage(deps, p.package_id, p.currency)).priceCents;
    } catch {
      continue; // retired package
    }
    const oneClick = CARD_METHODS.has(p.method as PaymentMethod) && p.card_mandate_reference !== null;
    options.push({
      paymentId: p.id,
      packageId: p.package_id,
      credits: p.credits,
      country: p.country,
      currency: p.currency,
      method: p.method as PaymentMethod,
      amountCents: price,
      cardLast4: oneClick ? p.card_last4 : null,
      oneClick,
      boughtAt: new Date(p.completed_at!).toISOString(),
    });
    if (options.length >= 5) break;
  }
  return options;
}

/**
 * §2 /credits/repeat-order: buy an earlier purchase's package again with its method. With a
 * saved card the provider charges it at once (no checkout); the outcome arrives like any other
 * (a declined card gives a failed payment with reason 'recurring_declined': §8 'Recurring card
 * payment failed', retry or PayPal). Other methods open a checkout as startPayment does.
 *
 * @param input.paymentId the earlier payment to repeat; default: the last completed one.
 * @param input.idempotencyKey a UUID the client made for this order and reuses on retry.
 * @throws NoPreviousOrderError, and what startPayment throws.
 */
export async function repeatOrder(
  deps: AppDeps,
  userId: number,
  input: { paymentId?: number | null; idempotencyKey: string },
  site: RequestSite,
): Promise<{ payment: PaymentView; checkoutUrl: string | null }> {
  const earlier = await repo.findPaymentByIdempotencyKey(deps.db, userId, input.idempotencyKey);
  if (earlier) return { payment: toView(earlier), checkoutUrl: toView(earlier).checkoutUrl };
  const options = await listRepeatOptions(deps, userId);
  const option = input.paymentId ? options.find((o) => o.paymentId === input.paymentId) : options[0];
  if (!option) throw new NoPreviousOrderError();
  const source = (await repo.findPayment(deps.db, option.paymentId))!;
  if (!option.oneClick || !source.card_mandate_reference) {
    return startPayment(
      deps,
      userId,
      {
        packageId: option.packageId,
        method: option.method,
        country: option.country,
        discountCode: null,
        idempotencyKey: input.idempotencyKey,
      },
      site,
    );
  }

  const pkg = await getPackage(deps, option.packageId, option.currency);
  const siteRow = site.site;
  let payment: PaymentRow;
  try {
    payment = await inTransaction(deps.db, (tx) =>
      repo.insertPayment(tx, {
        user_id: userId,
        package_id: pkg.id,
        credits: pkg.credits,
        country: option.country,
        currency: option.currency,
        list_amount_cents: pkg.priceCents,
        amount_cents: pkg.priceCents,
        method: option.method,
        status: "loading",
        provider: deps.paymentProvider.name,
        recurring: true,
        card_mandate_reference: source.card_mandate_reference,
        card_last4: source.card_last4,
        refund_days: siteRow.refund_days,
        idempotency_key: input.idempotencyKey,
      }),
    );
  } catch (err) {
    if (isUniqueViolation(err, "payments_idempotency_uq")) {
      const winner = (await repo.findPaymentByIdempotencyKey(deps.db, userId, input.idempotencyKey))!;
      return { payment: toView(winner), checkoutUrl: null };
    }
    throw err;
  }
  try {
    const { reference } = await deps.paymentProvider.chargeSavedCard({
      paymentId: payment.id,
      amountCents: payment.amount_cents,
      currency: payment.currency,
      method: option.method,
      description: `${payment.credits} credits`,
      merchantName: siteRow.name,
      mandateReference: source.card_mandate_reference,
    });
    await repo.transition(deps.db, payment.id, ["loading"], { status: "pending", provider_reference: reference });
  } catch (err) {
    deps.log.error({ err, paymentId: payment.id }, "the payment provider could not charge the saved card");
    await failLoadingPayment(deps, payment.id, "provider_error");
    throw new PaymentFailedError();
  }
  return { payment: await getPayment(deps, userId, payment.id), checkoutUrl: null };
}
