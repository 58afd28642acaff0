import type { AppDeps } from "../../deps.js";
import { DomainError } from "../../domain-error.js";
import { WELCOME_BONUS_SECONDS, WELCOME_DISCOUNT_CODE, WELCOME_DISCOUNT_PERCENT } from "../../constants.js";
import { getCurrentUser } from "../accounts/accounts.service.js";

/** §3 discount code, with the spec's field names. */
export interface DiscountCode {
  code: string;
  value_percentage: number;
  minimum_order_value: number | null;
  /** ISO 3166-1 alpha-2, when the code is limited to one country. */
  country: string | null;
  /** The member the code is for (a personal code), else null. */
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

export class DiscountCodeNotFoundError extends DomainError {
  constructor() {
    super("CODE_NOT_FOUND", "Code not found"); // §8
  }
}
export class DiscountCodeUsedError extends DomainError {
  constructor() {
    super("CODE_ALREADY_USED", "Code already used"); // §8
  }
}

/**
 * §4, §9 welcome discount TIMEBONUS25: 25 percent, once per user, on the first purchase only,
 * for 4 hours (14,400 s) from signup, status active.
 * @throws DiscountCodeUsedError once the member has bought (the first purchase is behind them).
 */
export async function getWelcomeDiscount(deps: AppDeps, userId: number, now = new Date()): Promise<DiscountCode> {
  const user = await getCurrentUser(deps, userId);
  if (user.paidUser) throw new DiscountCodeUsedError();
  const expiresMs = new Date(user.signupDate).getTime() + WELCOME_BONUS_SECONDS * 1000;
  return {
    code: WELCOME_DISCOUNT_CODE,
    value_percentage: WELCOME_DISCOUNT_PERCENT,
    minimum_order_value: null,
    country: null,
    user_id: userId,
    expires: new Date(expiresMs).toISOString(),
    currency: null,
    status: "active",
    validity: "once_per_user",
    expired: now.getTime() >= expiresMs,
    paymentmethods: [],
  };
}

/**
 * A discount code by its text, for the member (§3, §5: it must exist and be unused).
 * The welcome code is answered by getWelcomeDiscount. Codes other than the welcome code are
 * kept by the payments feature (issue 4); until it stores any, they are not found.
 * @throws DiscountCodeNotFoundError, DiscountCodeUsedError (§8).
 */
export async function findDiscountCode(deps: AppDeps, userId: number, code: string, now = new Date()): Promise<DiscountCode> {
  if (code.trim().toUpperCase() === WELCOME_DISCOUNT_CODE) return getWelcomeDiscount(deps, userId, now);
  throw new DiscountCodeNotFoundError();
}
