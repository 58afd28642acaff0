import type { AppDeps } from "../../deps.js";
import type { DB, Tx } from "../../../db/create-db.js";
import type { LedgerReason } from "../../../db/database.js";
import { DomainError, NotFoundError } from "../../domain-error.js";
import type { SiteSettings } from "../site/site.settings.js";
import {
  applicabilityError,
  getActiveDiscount,
  priceAfterDiscount,
  type ActiveDiscount,
  type DiscountCode,
  type TimeBonus,
} from "../discounts/discounts.service.js";
import {
  PAYMENT_COUNTRIES,
  currencyOf,
  defaultPaymentCountry,
  methodsOf,
  type PaymentMethod,
} from "../payments/payment-methods.js";
import * as repo from "./credits.repository.js";

/**
 * §2 not-enough-credits popup: the member has fewer credits than the thing costs. Nothing was
 * bought, sent or charged. `details`: { needed, balance } in credits.
 */
export class NotEnoughCreditsError extends DomainError {
  constructor(needed: number, balance: number) {
    super("NOT_ENOUGH_CREDITS", "Not enough credits", { needed, balance });
  }
}

/** §2 premium-only popup: the feature is for premium members (paid_user, §6). */
export class PremiumOnlyError extends DomainError {
  constructor(feature: "photos" | "feature" = "feature") {
    super("PREMIUM_ONLY", "This feature is for premium members.", { feature });
  }
}

/**
 * Spend `cost` credits of the member inside the caller's transaction (ARCHITECTURE "Money"):
 * one conditional debit (`credits >= cost`) and its ledger row `reason`/`reference`, which is
 * unique per member, so the same thing is never paid twice.
 *
 * @param cost credits, a positive integer.
 * @returns the balance after the charge.
 * @throws NotEnoughCreditsError when the balance is below `cost` (nothing changed).
 */
export async function spendCreditsOrThrow(
  tx: Tx,
  userId: number,
  cost: number,
  reason: LedgerReason,
  reference: string,
): Promise<number> {
  const balance = await repo.spendCredits(tx, userId, cost, reason, reference);
  if (balance !== null) return balance;
  const wallet = await repo.findWallet(tx, userId);
  throw new NotEnoughCreditsError(cost, wallet?.credits ?? 0);
}

/** A member's money facts (§3): credits, free messages left, premium (paid_user). */
export interface Wallet {
  credits: number;
  freeMessagesLeft: number;
  paidUser: boolean;
}

/**
 * The member's balance, free-message allowance and premium status, read in `db` (a transaction
 * sees its own writes).
 * @throws NotFoundError for no such member.
 */
export async function getWallet(db: DB | Tx, userId: number): Promise<Wallet> {
  return walletOf(await repo.findWallet(db, userId));
}

/**
 * The member's wallet as getWallet, with the member's row locked until `tx` ends: what is decided
 * from it (the first purchase, §9 TIMEBONUS25) cannot be changed by another transaction meanwhile.
 * @throws NotFoundError for no such member.
 */
export async function getWalletForUpdate(tx: Tx, userId: number): Promise<Wallet> {
  return walletOf(await repo.findWallet(tx, userId, true));
}

function walletOf(row: Awaited<ReturnType<typeof repo.findWallet>>): Wallet {
  if (!row) throw new NotFoundError("This member could not be found.");
  return { credits: row.credits, freeMessagesLeft: row.free_messages_left, paidUser: row.paid_user };
}

/** §4: use one of a free member's free messages in the caller's transaction. @returns whether one was left. */
export function useFreeMessageInTx(tx: Tx, userId: number): Promise<boolean> {
  return repo.useFreeMessage(tx, userId);
}

/**
 * §1: buying any credit bundle makes a member premium (paid_user), in the caller's transaction.
 * @returns true when this call made them premium.
 */
export function markPremiumInTx(tx: Tx, userId: number): Promise<boolean> {
  return repo.setPaidUser(tx, userId);
}

/**
 * Add `amount` credits and their ledger row in the caller's transaction.
 * @param reference unique per member and reason when given (e.g. `payment:<id>`): a second
 *        grant for the same reference fails with a unique violation, so it rolls back.
 * @returns the balance after the grant.
 */
export function grantCreditsInTx(
  tx: Tx,
  userId: number,
  amount: number,
  reason: LedgerReason,
  reference: string | null,
): Promise<number> {
  return repo.grantCredits(tx, userId, amount, reason, reference);
}

/** One §2 credit package, priced in the payment country's currency, with the active discount applied. */
export interface CreditPackage {
  id: number;
  credits: number;
  /** §2 best-value marking. */
  bestValue: boolean;
  currency: string;
  /** The price before any discount, in integer cents. */
  priceCents: number;
  /** The price after the active discount, in cents, or null when no discount applies to this package. */
  discountedCents: number | null;
  discountPercentage: number | null;
  /** What one message costs with this package, in cents (price ÷ messages it pays for). */
  centsPerMessage: number;
}

/** The /credits page: packages, methods and discount for one payment country. */
export interface PackageList {
  /** The payment country (§3 other client state) and its currency. */
  country: string;
  currency: string;
  /** §3 methods offered in that country, in display order. */
  methods: PaymentMethod[];
  /** Every country one can pay from. */
  countries: string[];
  packages: CreditPackage[];
  /** §4 the welcome time bonus, while the member has it. */
  timeBonus: TimeBonus | null;
  /** §4 the active discount: the time bonus if present, else the welcome discount code. */
  discount: ActiveDiscount | null;
  /** Credits one message costs (§3 message_credits). */
  messageCredits: number;
}

/** The active discount as the code rules (applicabilityError) see it. */
export function discountAsCode(d: ActiveDiscount): DiscountCode {
  return {
    code: d.code,
    value_percentage: d.percentage,
    minimum_order_value: d.minimumOrderCents,
    country: d.country,
    user_id: null,
    expires: d.expiresAt,
    currency: d.currency,
    status: "active",
    validity: "once_per_user",
    expired: false,
    paymentmethods: d.paymentMethods,
  };
}

/**
 * §2 /credits (and /pricing): the active packages priced in the currency of the payment
 * country, with the member's active discount applied where its rules allow (§4, §5).
 *
 * For a visitor (userId null, §2 /pricing) the packages come without a discount.
 *
 * @param input.country payment country (ISO alpha-2, one of §2's); default: the member's profile country.
 * @throws NotFoundError when the member no longer exists.
 */
export async function listPackages(
  deps: AppDeps,
  userId: number | null,
  input: { country?: string | null },
  settings: SiteSettings,
): Promise<PackageList> {
  const { timeBonus, discount } =
    userId === null ? { timeBonus: null, discount: null } : await getActiveDiscount(deps, userId);
  const profileCountry = userId === null ? null : await repo.findProfileCountry(deps.db, userId);
  const country =
    input.country && PAYMENT_COUNTRIES.includes(input.country) ? input.country : defaultPaymentCountry(profileCountry);
  const currency = currencyOf(country);
  const rows = await repo.findPackages(deps.db, currency);
  const packages = rows.map((r): CreditPackage => {
    const applies =
      discount !== null &&
      applicabilityError(discountAsCode(discount), { currency, country, method: null, listCents: r.amount_cents }) ===
        null;
    const messages = Math.max(1, Math.floor(r.credits / Math.max(1, settings.message_credits)));
    const effective = applies ? priceAfterDiscount(r.amount_cents, discount.percentage) : r.amount_cents;
    return {
      id: r.id,
      credits: r.credits,
      bestValue: r.best_value,
      currency: r.currency,
      priceCents: r.amount_cents,
      discountedCents: applies ? effective : null,
      discountPercentage: applies ? discount.percentage : null,
      centsPerMessage: Math.round(effective / messages),
    };
  });
  return {
    country,
    currency,
    methods: [...methodsOf(country)],
    countries: PAYMENT_COUNTRIES,
    packages,
    timeBonus,
    discount,
    messageCredits: settings.message_credits,
  };
}

/**
 * One active package priced in `currency`.
 * @throws NotFoundError when there is no such active package (or no price in that currency).
 */
export async function getPackage(
  deps: Pick<AppDeps, "db">,
  packageId: number,
  currency: string,
): Promise<{ id: number; credits: number; priceCents: number; bestValue: boolean }> {
  const row = await repo.findPackage(deps.db, packageId, currency);
  if (!row || !row.active) throw new NotFoundError("This credit package could not be found.");
  return { id: row.id, credits: row.credits, priceCents: row.amount_cents, bestValue: row.best_value };
}
