/**
 * The closed set of application error codes. Each service throws a DomainError subclass
 * carrying one of these; server/trpc/errors.ts maps them once to tRPC/HTTP status codes,
 * the legacy API to its status codes, and the client to a Lingui message in the
 * member's language. The English `message` is the spec's §8 wording where it has one.
 */
export const APP_ERROR_CODES = [
  "AUTHENTICATION_REQUIRED",
  "LOGIN_FAILED",
  "TOO_MANY_ATTEMPTS",
  "EMAIL_EXISTS",
  "LINK_INVALID",
  "TOO_MANY_RESET_MAILS",
  "OLD_PASSWORD_WRONG",
  "ACCOUNT_PENDING_DELETION",
  "ACTIVATION_FAILED",
  "NOT_FOUND",
  "FORBIDDEN",
  "VALIDATION",
  "DAILY_LIKES_EXHAUSTED",
  "CANNOT_LIKE_SELF",
  "NOT_ENOUGH_CREDITS",
  "PREMIUM_ONLY",
  "CONVERSATION_LIMIT",
  "RECIPIENT_NOT_CONFIRMED",
  "EMAIL_NOT_CONFIRMED",
  "BLOCKED",
  "MESSAGE_TOO_LONG",
  "IDEMPOTENCY_CONFLICT",
  "CODE_NOT_FOUND",
  "CODE_ALREADY_USED",
  "CODE_EXPIRED",
  "CODE_MINIMUM_ORDER",
  "CODE_WRONG_COUNTRY",
  "CODE_WRONG_PAYMENT_METHOD",
  "PAYMENT_FAILED",
  "PAYMENT_METHOD_UNAVAILABLE",
  "NO_PREVIOUS_ORDER",
  "DIRECT_DEBIT_REQUIRED",
  "DIRECT_DEBIT_BLOCKED",
  "DIRECT_DEBIT_LIMIT",
  "CODE_INVALID",
  "PHOTO_LIMIT",
  "INVALID_IMAGE",
  "PHOTO_TOO_LARGE",
  "ACCOUNT_SUSPENDED",
  "ACCOUNT_BANNED",
  "SERVICE_UNAVAILABLE",
  "RATE_LIMITED",
  "SIGNUPS_CLOSED",
] as const;
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

export class DomainError extends Error {
  readonly code: AppErrorCode;
  /** Extra values the client needs to render the message (e.g. { minutes: 15 }). */
  readonly details: Record<string, string | number> | undefined;
  constructor(code: AppErrorCode, message: string, details?: Record<string, string | number>) {
    // An answer (a 4xx with §8's wording), not a fault: its stack is shown to no one (the error
    // formatters drop it, and 4xx answers are not logged). Yet tRPC reads `stack` when it wraps the
    // error, and a stack formatted through the source maps the server runs with (tsx) took
    // ~0.1 ms of the server's single thread per refused chat send (bench:credits profile, issue
    // 13). So none is captured: the stack is "<name>: <message>".
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.name = new.target.name;
    this.code = code;
    this.details = details;
  }
}

/**
 * How many seconds a refused caller should wait before trying again (the `Retry-After` of a 429),
 * from the refusal's own details: an abuse limit (RATE_LIMITED, `seconds`), the §8 login lockout
 * (TOO_MANY_ATTEMPTS, `minutes`) and the §8 daily likes (DAILY_LIKES_EXHAUSTED,
 * `secondsUntilReset`). @returns whole seconds, at least 1; undefined for any other error.
 */
export function retryAfterSecondsOf(err: unknown): number | undefined {
  if (!(err instanceof DomainError) || !err.details) return undefined;
  const d = err.details;
  const seconds =
    err.code === "RATE_LIMITED"
      ? d.seconds
      : err.code === "TOO_MANY_ATTEMPTS"
        ? Number(d.minutes) * 60
        : err.code === "DAILY_LIKES_EXHAUSTED"
          ? d.secondsUntilReset
          : undefined;
  return typeof seconds === "number" && Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : undefined;
}

/** 403 authentication_required (§4, §8): the caller has no valid session. */
export class AuthenticationRequiredError extends DomainError {
  constructor() {
    super("AUTHENTICATION_REQUIRED", "authentication_required");
  }
}

export class NotFoundError extends DomainError {
  constructor(what = "This page could not be found") {
    super("NOT_FOUND", what);
  }
}

/**
 * 503: the database cannot be reached for a moment (restart, failover). Nothing was changed;
 * the caller may retry the same request (client ids make sends safe to repeat).
 */
export class ServiceUnavailableError extends DomainError {
  constructor() {
    super("SERVICE_UNAVAILABLE", "The site is briefly unavailable. Please try again in a moment.");
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = "You have no access to this page.") {
    super("FORBIDDEN", message);
  }
}
