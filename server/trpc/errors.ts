import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import { ZodError } from "zod";
import { fieldErrorsOf } from "../http/errors.js";
import { isDatabaseUnavailable } from "../../db/create-db.js";
import { type AppErrorCode, DomainError, ServiceUnavailableError } from "../domain-error.js";

type TRPCCode = TRPCError["code"];

/** The one mapping from application error codes to tRPC (and so HTTP) codes. */
export const TRPC_CODE_OF: Record<AppErrorCode, TRPCCode> = {
  AUTHENTICATION_REQUIRED: "FORBIDDEN", // §4: a 403 with authentication_required
  LOGIN_FAILED: "UNAUTHORIZED",
  TOO_MANY_ATTEMPTS: "TOO_MANY_REQUESTS",
  EMAIL_EXISTS: "CONFLICT",
  LINK_INVALID: "BAD_REQUEST",
  TOO_MANY_RESET_MAILS: "TOO_MANY_REQUESTS", // §8: 3 reset mails per address in 24 h
  OLD_PASSWORD_WRONG: "BAD_REQUEST", // §5 wrong old password
  ACCOUNT_PENDING_DELETION: "CONFLICT",
  ACTIVATION_FAILED: "BAD_REQUEST",
  NOT_FOUND: "NOT_FOUND",
  FORBIDDEN: "FORBIDDEN",
  VALIDATION: "BAD_REQUEST",
  DAILY_LIKES_EXHAUSTED: "TOO_MANY_REQUESTS",
  CANNOT_LIKE_SELF: "BAD_REQUEST",
  NOT_ENOUGH_CREDITS: "PAYMENT_REQUIRED",
  PREMIUM_ONLY: "FORBIDDEN",
  CONVERSATION_LIMIT: "FORBIDDEN",
  RECIPIENT_NOT_CONFIRMED: "PRECONDITION_FAILED",
  EMAIL_NOT_CONFIRMED: "FORBIDDEN", // §1: a member likes and writes once their address is confirmed
  BLOCKED: "FORBIDDEN", // §8 'Blocked by another user' (§4, §6)
  MESSAGE_TOO_LONG: "BAD_REQUEST",
  IDEMPOTENCY_CONFLICT: "CONFLICT",
  CODE_NOT_FOUND: "NOT_FOUND", // §8 discount code: 'Code not found'
  CODE_ALREADY_USED: "CONFLICT", // §8 discount code: 'Code already used'
  CODE_EXPIRED: "BAD_REQUEST", // §3 discount code: expired
  CODE_MINIMUM_ORDER: "BAD_REQUEST", // §5: some codes have a minimum order amount
  CODE_WRONG_COUNTRY: "BAD_REQUEST", // §5: some codes have a country restriction
  CODE_WRONG_PAYMENT_METHOD: "BAD_REQUEST", // §3 discount code: paymentmethods
  PAYMENT_FAILED: "PAYMENT_REQUIRED", // §8 'Payment failed or has been cancelled.'
  PAYMENT_METHOD_UNAVAILABLE: "BAD_REQUEST", // §3 payment methods depend on the country
  NO_PREVIOUS_ORDER: "NOT_FOUND", // §2 repeat order without an earlier purchase
  DIRECT_DEBIT_REQUIRED: "PRECONDITION_FAILED", // sdd needs a confirmed mandate (/directdebit)
  DIRECT_DEBIT_BLOCKED: "FORBIDDEN", // §8 direct debit: account blocked
  DIRECT_DEBIT_LIMIT: "FORBIDDEN", // §8 direct debit: limit reached
  CODE_INVALID: "BAD_REQUEST", // §8 direct debit: 'Code invalid'
  PHOTO_LIMIT: "FORBIDDEN", // §5, §9: free 3 photos, premium 25
  INVALID_IMAGE: "BAD_REQUEST", // a photo upload that is not a JPEG, PNG, WebP, GIF or AVIF image
  PHOTO_TOO_LARGE: "PAYLOAD_TOO_LARGE", // a photo upload over the size limit
  ACCOUNT_SUSPENDED: "FORBIDDEN", // an operator suspended the account: no login until reinstated
  ACCOUNT_BANNED: "FORBIDDEN", // an operator banned the account: the §2 ban page
  SERVICE_UNAVAILABLE: "SERVICE_UNAVAILABLE", // the database is unreachable for a moment: 503, retry
  RATE_LIMITED: "TOO_MANY_REQUESTS", // an abuse limit (issue 10): 429 with Retry-After
  SIGNUPS_CLOSED: "FORBIDDEN", // §4 invite-only mode: the signups setting keeps signups closed
};

/**
 * Turn a DomainError into the TRPCError the client receives, and a lost database connection into
 * SERVICE_UNAVAILABLE (503, never a 500 storm while PostgreSQL restarts); anything else passes through.
 */
export function toTRPCError(err: unknown): unknown {
  if (!(err instanceof DomainError) && isDatabaseUnavailable(err)) err = new ServiceUnavailableError();
  if (err instanceof DomainError) {
    return new TRPCError({ code: TRPC_CODE_OF[err.code], message: err.message, cause: err });
  }
  return err;
}

/**
 * The error as the client must see it. An error thrown inside a subscription's stream (after its
 * middlewares have returned, e.g. a socket's stream past MAX_LIVE_STREAMS_PER_SOCKET, or the
 * database lost while the stream reads its log) reaches tRPC outside them, and tRPC wraps it as
 * INTERNAL_SERVER_ERROR with the original as its cause. Such an application error or lost database
 * is mapped here as toTRPCError maps one thrown before (a 429, a 503), never a 500 (probe of
 * 2026-11-28: a socket's fifth live stream answered 500 and logged an error).
 * @param error the error tRPC hands to the error formatter and to onError.
 * @returns the mapped TRPCError, or `error` itself when there is nothing to map.
 */
export function clientErrorOf(error: TRPCError): TRPCError {
  if (error.code !== "INTERNAL_SERVER_ERROR" || error.cause === undefined) return error;
  const mapped = toTRPCError(error.cause);
  return mapped instanceof TRPCError ? mapped : error;
}

/**
 * The JSON-RPC code, tRPC code and HTTP status an error shape carries for `error` (what tRPC's
 * default shape holds, for an error clientErrorOf mapped).
 */
export function shapeCodesOf(error: TRPCError): {
  code: (typeof TRPC_ERROR_CODES_BY_KEY)[TRPCError["code"]];
  data: { code: TRPCError["code"]; httpStatus: number };
} {
  return {
    code: TRPC_ERROR_CODES_BY_KEY[error.code],
    data: { code: error.code, httpStatus: getHTTPStatusCodeFromError(error) },
  };
}

/** The extra `data` every error shape carries: the app code, its details and field errors. */
export function errorData(error: TRPCError): {
  appCode: AppErrorCode | null;
  details: Record<string, string | number> | null;
  fieldErrors: Record<string, string[]> | null;
} {
  const cause = error.cause;
  if (cause instanceof DomainError) {
    return { appCode: cause.code, details: cause.details ?? null, fieldErrors: null };
  }
  if (cause instanceof ZodError) {
    return { appCode: "VALIDATION", details: null, fieldErrors: fieldErrorsOf(cause) };
  }
  return { appCode: null, details: null, fieldErrors: null };
}
