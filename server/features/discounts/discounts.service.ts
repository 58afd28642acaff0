import crypto from "node:crypto";
import type { AppDeps } from "../../deps.js";
import { inTransaction, isUniqueViolation, type DB, type Tx } from "../../../db/create-db.js";
import type { DiscountCodeRow } from "../../../db/database.js";
import { DomainError, NotFoundError } from "../../domain-error.js";
import { WELCOME_BONUS_SECONDS, WELCOME_DISCOUNT_CODE } from "../../constants.js";
import * as repo from "./discounts.repository.js";

/**
 * Discount codes and the welcome time bonus (§3 Discount code, Time bonus; §4; §5; §8; §9):
 * the one place their rules live. The tRPC procedures (discounts.router.ts), the payments
 * service and the legacy GET /api/discountcode.php all call these functions.
 */

/** §3 discount code, with the spec's field names. */
export interface DiscountCode {
  code: string;
  value_percentage: number;
  /** Integer cents of `currency`, or null. */
  minimum_order_value: number | null;
  /** ISO 3166-1 alpha-2, when the code is limited to one country. */
  country: string | null;
  /** The member the code is for (a personal code, or the welcome bonus), else null. */
  user_id: number | null;
  /** ISO 8601 UTC, or null when it does not expire. */
  expires: string | null;
  currency: string | null;
  status: "active" | "inactive";
  validity: "once_per_user" | "unlimited";
  expired: boolean;
  /** Payment methods the code applies to; empty means all. */
  paymentmethods: string[];
}

/** §4 welcome time bonus, while the member may use it. */
export interface TimeBonus {
  code: string;
  percentage: number;
  /** ISO 8601 UTC: signup + 14,400 s (§9). */
  endsAt: string;
  /** Whole seconds left, counted by the server (the client counts down from it, §4 step 1 s). */
  secondsLeft: number;
}

/** The discount a purchase gets by default (§4: the time bonus if present, else the welcome discount code). */
export interface ActiveDiscount {
  code: string;
  percentage: number;
  source: "time_bonus" | "welcome_code";
  /** ISO 8601 UTC, or null. */
  expiresAt: string | null;
  minimumOrderCents: number | null;
  currency: string | null;
  country: string | null;
  paymentMethods: string[];
}

/** What an order looks like to a code's rules. */
export interface DiscountOrder {
  currency: string;
  /** The payment country (ISO 3166-1 alpha-2). */
  country: string;
  /** Null while the method is not chosen yet (package list). */
  method: string | null;
  /** The package's price before any discount, in cents of `currency`. */
  listCents: number;
}

/** What the rules need to know of the member. */
export interface DiscountMember {
  id: number;
  paidUser: boolean;
  signupDate: Date;
}

/** §8 'Code not found' (also: inactive, or another member's personal code). */
export class DiscountCodeNotFoundError extends DomainError {
  constructor() {
    super("CODE_NOT_FOUND", "Code not found"); // §8
  }
}
/** §8 'Code already used' (or taken by another payment in progress, or not a first purchase). */
export class DiscountCodeUsedError extends DomainError {
  constructor() {
    super("CODE_ALREADY_USED", "Code already used"); // §8
  }
}
/** The code (or the 4-hour welcome bonus) has expired. */
export class DiscountCodeExpiredError extends DomainError {
  constructor() {
    super("CODE_EXPIRED", "This code has expired.");
  }
}
/** §5: the package is below the code's minimum order value (details: minimumCents, currency). */
export class DiscountMinimumOrderError extends DomainError {
  constructor(minimumCents: number, currency: string) {
    super("CODE_MINIMUM_ORDER", "This code needs a larger order.", { minimumCents, currency });
  }
}
/** §5: the code is for another country (or another currency). */
export class DiscountWrongCountryError extends DomainError {
  constructor() {
    super("CODE_WRONG_COUNTRY", "This code is not valid in your country.");
  }
}
/** §3 paymentmethods: the code is for other payment methods (details: methods). */
export class DiscountWrongMethodError extends DomainError {
  constructor(methods: string[]) {
    super("CODE_WRONG_PAYMENT_METHOD", "This code is not valid for this payment method.", {
      methods: methods.join(","),
    });
  }
}
/** The idempotency key was used before for a different request. */
export class IdempotencyKeyReusedError extends DomainError {
  constructor() {
    super("IDEMPOTENCY_CONFLICT", "This request id was already used for another request.");
  }
}

/** A price after a percentage off, in integer cents (rounded half up; never below 1 cent). */
export function priceAfterDiscount(listCents: number, percentage: number): number {
  return Math.max(1, Math.round((listCents * (100 - percentage)) / 100));
}

/** Seconds of the welcome bonus left for a member who signed up at `signupDate` (0 when over). */
function welcomeSecondsLeft(signupDate: Date, now: Date): number {
  const endsMs = signupDate.getTime() + WELCOME_BONUS_SECONDS * 1000;
  return Math.max(0, Math.floor((endsMs - now.getTime()) / 1000));
}

function toDiscountCode(row: DiscountCodeRow, member: DiscountMember, now: Date): DiscountCode {
  const welcome = row.kind === "welcome_bonus";
  const expiresMs = welcome
    ? member.signupDate.getTime() + WELCOME_BONUS_SECONDS * 1000
    : row.expires
      ? new Date(row.expires).getTime()
      : null;
  return {
    code: row.code,
    value_percentage: row.value_percentage,
    minimum_order_value: row.minimum_order_value,
    country: row.country,
    user_id: welcome ? member.id : row.user_id,
    expires: expiresMs === null ? null : new Date(expiresMs).toISOString(),
    currency: row.currency,
    status: row.status,
    validity: row.validity,
    expired: expiresMs !== null && now.getTime() >= expiresMs,
    paymentmethods: row.paymentmethods,
  };
}

async function memberFacts(deps: AppDeps, userId: number): Promise<DiscountMember> {
  const u = await repo.findDiscountMember(deps.db, userId);
  if (!u) throw new NotFoundError();
  return { id: u.id, paidUser: u.paid_user, signupDate: new Date(u.signup_date) };
}

/** Whether the member has used the code in a completed purchase. */
async function hasUsed(db: DB | Tx, codeId: number, userId: number): Promise<boolean> {
  return (await repo.findRedemptions(db, codeId, userId)).some((r) => r.used_at !== null);
}

/**
 * The code's rules against an order (§5: it must exist and be unused; some have a minimum
 * order amount or a country restriction; §3: currency, payment methods, expiry).
 * @returns the error to throw, or null when the code applies.
 */
export function applicabilityError(code: DiscountCode, order: DiscountOrder): DomainError | null {
  if (code.status !== "active") return new DiscountCodeNotFoundError();
  if (code.expired) return new DiscountCodeExpiredError();
  if (code.country && code.country !== order.country) return new DiscountWrongCountryError();
  // A code priced in one currency (its minimum order) is for the countries paying in it.
  if (code.currency && code.currency !== order.currency) return new DiscountWrongCountryError();
  if (code.minimum_order_value !== null && order.listCents < code.minimum_order_value) {
    return new DiscountMinimumOrderError(code.minimum_order_value, code.currency ?? order.currency);
  }
  if (order.method && code.paymentmethods.length > 0 && !code.paymentmethods.includes(order.method)) {
    return new DiscountWrongMethodError(code.paymentmethods);
  }
  return null;
}

/**
 * §4 the welcome time bonus of a member: TIMEBONUS25 while they are not paid, signed up less
 * than 14,400 s ago (§9) and have not used it.
 * @returns the bonus, or null when the member has none (any more).
 */
export async function getTimeBonus(deps: AppDeps, userId: number, now = new Date()): Promise<TimeBonus | null> {
  const member = await memberFacts(deps, userId);
  return timeBonusOf(deps.db, member, now);
}

async function timeBonusOf(db: DB | Tx, member: DiscountMember, now: Date): Promise<TimeBonus | null> {
  if (member.paidUser) return null;
  const secondsLeft = welcomeSecondsLeft(member.signupDate, now);
  if (secondsLeft <= 0) return null;
  const row = await repo.findWelcomeBonusCode(db);
  if (!row || (await hasUsed(db, row.id, member.id))) return null;
  return {
    code: row.code,
    percentage: row.value_percentage,
    endsAt: new Date(member.signupDate.getTime() + WELCOME_BONUS_SECONDS * 1000).toISOString(),
    secondsLeft,
  };
}

/**
 * The member's active discount (§4): the time bonus if present, else the welcome discount
 * code — the newest code the member applied (useDiscountCode) or was given (a personal code)
 * and has not used, if it has not expired.
 * @returns the time bonus (or null) and the active discount (or null).
 */
export async function getActiveDiscount(
  deps: AppDeps,
  userId: number,
  now = new Date(),
): Promise<{ timeBonus: TimeBonus | null; discount: ActiveDiscount | null }> {
  const member = await memberFacts(deps, userId);
  const timeBonus = await timeBonusOf(deps.db, member, now);
  if (timeBonus) {
    return {
      timeBonus,
      discount: {
        code: timeBonus.code,
        percentage: timeBonus.percentage,
        source: "time_bonus",
        expiresAt: timeBonus.endsAt,
        minimumOrderCents: null,
        currency: null,
        country: null,
        paymentMethods: [],
      },
    };
  }
  const held = [
    ...(await repo.findHeldCodes(deps.db, userId)),
    ...(await repo.findUnredeemedPersonalCodes(deps.db, userId)),
  ];
  for (const row of held) {
    const code = toDiscountCode(row, member, now);
    if (code.expired) continue;
    return {
      timeBonus: null,
      discount: {
        code: code.code,
        percentage: code.value_percentage,
        source: "welcome_code",
        expiresAt: code.expires,
        minimumOrderCents: code.minimum_order_value,
        currency: code.currency,
        country: code.country,
        paymentMethods: code.paymentmethods,
      },
    };
  }
  return { timeBonus: null, discount: null };
}

/**
 * §4, §9 welcome discount TIMEBONUS25 (GET /api/discountcode.php?welcome=true): 25 percent,
 * once per user, on the first purchase only, for 4 hours (14,400 s) from signup, status active.
 * `expired` tells whether the 4 hours are over.
 * @throws DiscountCodeUsedError once the member has bought (the first purchase is behind them).
 */
export async function getWelcomeDiscount(deps: AppDeps, userId: number, now = new Date()): Promise<DiscountCode> {
  const member = await memberFacts(deps, userId);
  const row = await repo.findWelcomeBonusCode(deps.db);
  if (!row) throw new DiscountCodeNotFoundError();
  if (member.paidUser || (await hasUsed(deps.db, row.id, userId))) throw new DiscountCodeUsedError();
  return toDiscountCode(row, member, now);
}

/**
 * A discount code by its text, for the member (§3, §5: it must exist and be unused). Case does
 * not matter. An inactive code, or a personal code of another member, is not found.
 * @returns the §3 code; `expired` tells whether it can still be used.
 * @throws DiscountCodeNotFoundError, DiscountCodeUsedError (§8).
 */
export async function findDiscountCode(
  deps: AppDeps,
  userId: number,
  code: string,
  now = new Date(),
): Promise<DiscountCode> {
  const text = code.trim().toUpperCase();
  if (text === WELCOME_DISCOUNT_CODE) return getWelcomeDiscount(deps, userId, now);
  const row = await repo.findCodeByText(deps.db, text);
  if (!row || row.status !== "active" || (row.user_id !== null && row.user_id !== userId))
    throw new DiscountCodeNotFoundError();
  if (row.kind === "welcome_bonus") return getWelcomeDiscount(deps, userId, now);
  if (row.validity === "once_per_user" && (await hasUsed(deps.db, row.id, userId))) throw new DiscountCodeUsedError();
  return toDiscountCode(row, await memberFacts(deps, userId), now);
}

const USE_OPERATION = "discounts.use";

/**
 * Use (apply) a discount code (§2 /credits, §5): checks it and records that the member holds it;
 * it then becomes their active discount (unless the time bonus runs) and is taken by their next
 * purchase. A once-per-user code is used for good when that purchase completes; a failed or
 * cancelled payment gives it back.
 *
 * Idempotent on `idempotencyKey`: a retry returns the first answer, even if the code has been
 * used since.
 *
 * @param input.code the code as typed (any case).
 * @param input.idempotencyKey a UUID the client made for this attempt.
 * @returns the §3 code.
 * @throws DiscountCodeNotFoundError, DiscountCodeUsedError (§8), DiscountCodeExpiredError,
 *         IdempotencyKeyReusedError (the key was used for another code).
 */
export async function useDiscountCode(
  deps: AppDeps,
  userId: number,
  input: { code: string; idempotencyKey: string },
  now = new Date(),
): Promise<DiscountCode> {
  const text = input.code.trim().toUpperCase();
  const requestHash = crypto.createHash("sha256").update(text).digest("hex");
  const replay = async (): Promise<DiscountCode | null> => {
    const earlier = await repo.findIdempotent(deps.db, userId, USE_OPERATION, input.idempotencyKey);
    if (!earlier) return null;
    if (earlier.request_hash !== requestHash) throw new IdempotencyKeyReusedError();
    return earlier.response as DiscountCode;
  };
  const first = await replay();
  if (first) return first;

  const code = await findDiscountCode(deps, userId, text, now);
  if (code.expired) throw new DiscountCodeExpiredError();
  const row = await repo.findCodeByText(deps.db, code.code);
  if (!row) throw new DiscountCodeNotFoundError();
  try {
    await inTransaction(deps.db, async (tx) => {
      if (row.validity === "once_per_user") {
        await repo.insertApplied(tx, row.id, userId, true);
        // A purchase may have used it between the check above and now.
        if (await hasUsed(tx, row.id, userId)) throw new DiscountCodeUsedError();
      } else if (
        !(await repo.findRedemptions(tx, row.id, userId)).some((r) => r.used_at === null && r.payment_id === null)
      ) {
        await repo.insertApplied(tx, row.id, userId, false);
      }
      await repo.insertIdempotent(tx, {
        user_id: userId,
        operation: USE_OPERATION,
        key: input.idempotencyKey,
        request_hash: requestHash,
        response: code,
      });
    });
  } catch (err) {
    // The same request raced itself (a retry while the first was under way): answer as the first did.
    if (isUniqueViolation(err, "idempotency_keys_pk")) {
      const winner = await replay();
      if (winner) return winner;
    }
    throw err;
  }
  return code;
}

/**
 * Take the discount `code` for a payment, inside the payment's transaction: checks the code
 * against the order (and, for the time bonus, the member's eligibility: not paid, first 4
 * hours), then ties the member's hold on it to the payment. A once-per-user code is held at most
 * once per member (a unique index) and tied to one payment at a time (a conditional update), so
 * two payments racing for it never both get it.
 *
 * @returns the code and its percentage.
 * @throws DiscountCodeNotFoundError, DiscountCodeUsedError (used, or taken by another payment in
 *         progress), DiscountCodeExpiredError, DiscountMinimumOrderError, DiscountWrongCountryError,
 *         DiscountWrongMethodError.
 */
export async function reserveDiscountForPayment(
  tx: Tx,
  member: DiscountMember,
  codeText: string,
  paymentId: number,
  order: DiscountOrder,
  now = new Date(),
): Promise<{ code: string; percentage: number }> {
  const row = await repo.findCodeByText(tx, codeText);
  if (!row || row.status !== "active" || (row.user_id !== null && row.user_id !== member.id))
    throw new DiscountCodeNotFoundError();
  if (row.kind === "welcome_bonus" && member.paidUser) throw new DiscountCodeUsedError(); // first purchase only
  const code = toDiscountCode(row, member, now);
  const error = applicabilityError(code, order);
  if (error) throw error;
  if (row.validity === "once_per_user") {
    await repo.insertApplied(tx, row.id, member.id, true);
    if (!(await repo.reserveOnceCode(tx, row.id, member.id, paymentId))) throw new DiscountCodeUsedError();
  } else {
    await repo.insertForPayment(tx, row.id, member.id, paymentId);
  }
  return { code: row.code, percentage: row.value_percentage };
}

/**
 * The payment in progress that holds the member's once-per-user code, if any (so a new
 * purchase can take the code over from a checkout the member left).
 * @returns its id and provider reference, or null.
 */
export async function findPaymentHoldingCode(
  deps: AppDeps,
  userId: number,
  codeText: string,
): Promise<{ paymentId: number; status: string } | null> {
  const row = await repo.findCodeByText(deps.db, codeText);
  if (!row || row.validity !== "once_per_user") return null;
  const holder = (await repo.findRedemptions(deps.db, row.id, userId)).find(
    (r) => r.used_at === null && r.payment_id !== null,
  );
  return holder?.payment_id ? { paymentId: holder.payment_id, status: holder.payment_status ?? "" } : null;
}

/** The payment completed (in its transaction): its discount is used for good. */
export async function markDiscountUsed(tx: Tx, paymentId: number): Promise<void> {
  await repo.markUsed(tx, paymentId);
}

/**
 * Whether the payment's discount still applies now that the payment completes (in its
 * transaction). The welcome time bonus is for the first purchase only (§4, §9): when another
 * purchase completed meanwhile (the member is premium already), it no longer applies. Other
 * codes were settled when the checkout started.
 * @param member the member's state in the same transaction, before this payment's effects.
 */
export async function discountAppliesAtCompletion(
  tx: Tx,
  paymentId: number,
  member: { paidUser: boolean },
): Promise<boolean> {
  const kind = await repo.findCodeKindOfPayment(tx, paymentId);
  return !(kind === "welcome_bonus" && member.paidUser);
}

/** The payment failed or was cancelled (in its transaction): the member keeps the code for another try. */
export async function releaseDiscount(tx: Tx, paymentId: number): Promise<void> {
  await repo.release(tx, paymentId);
}

/**
 * Create a discount code (operators, tests, demo data).
 * @param input.code any case; stored upper case. minimumOrderCents needs a currency.
 * @returns the §3 code as a member with no redemptions sees it.
 */
export async function createDiscountCode(
  deps: Pick<AppDeps, "db">,
  input: {
    code: string;
    percentage: number;
    minimumOrderCents?: number | null;
    country?: string | null;
    userId?: number | null;
    expires?: Date | null;
    currency?: string | null;
    status?: "active" | "inactive";
    validity?: "once_per_user" | "unlimited";
    paymentMethods?: string[];
  },
): Promise<DiscountCode> {
  const row = await repo.insertCode(deps.db, {
    code: input.code,
    value_percentage: input.percentage,
    minimum_order_value: input.minimumOrderCents ?? null,
    country: input.country ?? null,
    user_id: input.userId ?? null,
    expires: input.expires ?? null,
    currency: input.currency ?? null,
    status: input.status ?? "active",
    validity: input.validity ?? "once_per_user",
    paymentmethods: input.paymentMethods ?? [],
  });
  return toDiscountCode(row, { id: input.userId ?? 0, paidUser: false, signupDate: new Date() }, new Date());
}
