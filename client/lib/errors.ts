import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { TRPCClientError } from "@trpc/client";
import type { AppErrorCode } from "../../server/domain-error";
import { appCodeOf } from "./trpc";

/**
 * Each application error code (server/domain-error.ts, a closed set) as a message in the member's
 * language: a code without a message here does not compile. The spec's §8 wording is the English
 * text. VALIDATION shows the server's field messages instead.
 */
const MESSAGES: Record<Exclude<AppErrorCode, "VALIDATION">, MessageDescriptor> = {
  AUTHENTICATION_REQUIRED: msg`Please log in to continue.`,
  LOGIN_FAILED: msg`Login failed, please try again.`,
  TOO_MANY_ATTEMPTS: msg`Too many incorrect attempts, account blocked for {minutes} min.`,
  EMAIL_EXISTS: msg`An account with this e-mail address already exists.`,
  LINK_INVALID: msg`Link expired or invalid, request a new email.`,
  TOO_MANY_RESET_MAILS: msg`Too many password reset emails sent, please try again tomorrow.`, // §8
  OLD_PASSWORD_WRONG: msg`Please check your old password.`, // §5
  ACCOUNT_PENDING_DELETION: msg`This account is pending deletion. We can e-mail you a link to reactivate it.`,
  ACTIVATION_FAILED: msg`Activation failed.`,
  NOT_FOUND: msg`This page could not be found`,
  FORBIDDEN: msg`You have no access to this page.`,
  DAILY_LIKES_EXHAUSTED: msg`You can give out {limit} Likes per day. Tomorrow you may give another {limit}! Please wait: `,
  CANNOT_LIKE_SELF: msg`You cannot like yourself.`,
  NOT_ENOUGH_CREDITS: msg`Not enough credits`,
  PREMIUM_ONLY: msg`This feature is for premium members.`,
  CONVERSATION_LIMIT: msg`Free members may start {limit} conversations. Get Premium to start more.`,
  RECIPIENT_NOT_CONFIRMED: msg`This member has not confirmed their e-mail address yet. You can write once they have.`,
  EMAIL_NOT_CONFIRMED: msg`Confirm your e-mail address first: then you can like and write to members.`,
  BLOCKED: msg`{blockedByMe, plural, =1 {You blocked this member.} other {Blocked by another user}}`, // §8
  MESSAGE_TOO_LONG: msg`Messages may be at most {max} characters.`,
  IDEMPOTENCY_CONFLICT: msg`This request was already made with other details.`,
  CODE_NOT_FOUND: msg`Code not found`, // §8
  CODE_ALREADY_USED: msg`Code already used`, // §8
  CODE_EXPIRED: msg`This code has expired.`,
  CODE_MINIMUM_ORDER: msg`This code is valid for larger packages only.`,
  CODE_WRONG_COUNTRY: msg`This code is not valid in your country.`,
  CODE_WRONG_PAYMENT_METHOD: msg`This code is not valid for this payment method.`,
  PAYMENT_FAILED: msg`Payment failed or has been cancelled.`, // §8
  PAYMENT_METHOD_UNAVAILABLE: msg`This payment method is not available in your country.`,
  NO_PREVIOUS_ORDER: msg`There is no earlier order to repeat.`,
  DIRECT_DEBIT_REQUIRED: msg`Set up direct debit first.`,
  DIRECT_DEBIT_BLOCKED: msg`Your account is blocked for direct debit.`, // §8
  DIRECT_DEBIT_LIMIT: msg`Direct debit limit reached.`, // §8
  CODE_INVALID: msg`Code invalid`, // §8 direct debit
  PHOTO_LIMIT: msg`Free members may add up to {limit} photos. Get Premium to add up to {premiumLimit}.`, // §5, §9
  INVALID_IMAGE: msg`This file is not an image we can use. Upload a JPEG, PNG, WebP, GIF or AVIF photo.`,
  PHOTO_TOO_LARGE: msg`Photos may be at most {maxMb} MB.`,
  ACCOUNT_SUSPENDED: msg`Your account has been suspended. Please contact customer service.`,
  ACCOUNT_BANNED: msg`Your account has been banned.`,
  SERVICE_UNAVAILABLE: msg`The site is briefly unavailable. Please try again in a moment.`,
  RATE_LIMITED: msg`Too many requests. Please wait {seconds} seconds and try again.`,
  SIGNUPS_CLOSED: msg`Signing up is by invitation only on this site.`, // §4 invite-only mode
};
const GENERIC = msg`An error occured, please try again later.`; // §8 wording

/** A hook returning `describe(err)`: the error as text in the member's language. */
export function useErrorText() {
  const { _ } = useLingui();
  return (err: unknown): string => {
    // Plain HTTP endpoints (the photo upload) throw an Error carrying `appCode` and `details`.
    const plain = err as { appCode?: unknown; details?: Record<string, unknown> } | null;
    const code = appCodeOf(err) ?? (typeof plain?.appCode === "string" ? plain.appCode : null);
    const details =
      err instanceof TRPCClientError
        ? ((err.data as { details?: Record<string, unknown> } | undefined)?.details ?? {})
        : (plain?.details ?? {});
    if (code === "VALIDATION" && err instanceof Error) return err.message;
    const descriptor = code && code in MESSAGES ? MESSAGES[code as keyof typeof MESSAGES] : undefined;
    return descriptor ? _({ ...descriptor, values: details as Record<string, string> }) : _(GENERIC);
  };
}
