import crypto from "node:crypto";
import type { AppDeps } from "../../deps.js";
import { inTransaction, isUniqueViolation, type Tx } from "../../../db/create-db.js";
import { DomainError } from "../../domain-error.js";
import type { RequestDirectDebitCodeInput } from "./directdebit.schema.js";
import * as repo from "./directdebit.repository.js";
import { EmailNotConfirmedError, lockMembersForUpdate } from "../members/members.service.js";
import { RateLimitedError } from "../rate-limits/rate-limits.service.js";

/**
 * Direct debit (§2 /directdebit, §3 direct debit form, §5 SMS code and consent, §8 errors):
 * a SEPA mandate confirmed by a code sent to the member's phone, used by sdd payments.
 * The spec gives no figures for the limits; these are ours (docs/decisions.md).
 */
/** How long an SMS code stays valid. */
export const DIRECT_DEBIT_CODE_TTL_SECONDS = 10 * 60;
/** Wrong codes allowed per SMS; after that the code is void and a new one must be requested. */
export const DIRECT_DEBIT_CODE_MAX_ATTEMPTS = 5;
/** SMS codes a member may request per 24 hours (§8 'limit reached'). */
export const DIRECT_DEBIT_SMS_PER_DAY = 5;
/** Direct debit collected per member in 30 days, in euro cents (§8 'limit reached'). */
export const DIRECT_DEBIT_LIMIT_CENTS = 15_000;
/** The window of the amount limit, in days. */
export const DIRECT_DEBIT_LIMIT_WINDOW_DAYS = 30;

/** §8 'Code invalid': wrong, expired or used-up SMS code. */
export class DirectDebitCodeInvalidError extends DomainError {
  constructor(attemptsLeft: number) {
    super("CODE_INVALID", "Code invalid", { attemptsLeft });
  }
}
/** §8 'account blocked for direct debit'. */
export class DirectDebitBlockedError extends DomainError {
  constructor() {
    super("DIRECT_DEBIT_BLOCKED", "Your account is blocked for direct debit.");
  }
}
/**
 * §8 direct debit 'limit reached': too many SMS codes today for the member ('sms') or to the
 * phone number ('phone', RATE_LIMIT_SMS_PHONE), or the 30-day amount ('amount').
 */
export class DirectDebitLimitError extends DomainError {
  constructor(kind: "sms" | "phone" | "amount", limit: number) {
    super("DIRECT_DEBIT_LIMIT", "Direct debit limit reached.", { kind, limit });
  }
}
/** An sdd payment needs a confirmed mandate first. */
export class DirectDebitRequiredError extends DomainError {
  constructor() {
    super("DIRECT_DEBIT_REQUIRED", "Set up direct debit first.");
  }
}

const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");
const codeHash = (reference: string, code: string) => sha256(`${reference}:${code}`);

/** "NL91 **** **** **43 00" style: country, check digits and the last four characters. */
export function maskIban(iban: string): string {
  return `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
}
/** "+31 6•••• 5678" style. */
function maskPhone(e164: string): string {
  return `${e164.slice(0, 4)}•••• ${e164.slice(-4)}`;
}

/** The member's direct debit: the confirmed mandate, a code waiting to be entered, block and limit. */
export interface DirectDebitState {
  mandate: { reference: string; accountHolder: string; ibanMasked: string; city: string; confirmedAt: string } | null;
  /** A code was sent and waits to be entered. */
  pending: { phoneMasked: string; ibanMasked: string; expiresAt: string; attemptsLeft: number } | null;
  blocked: boolean;
  /** Euro cents: the 30-day limit and what is used of it. */
  limitCents: number;
  usedCents: number;
}

function windowStart(now = new Date()): Date {
  return new Date(now.getTime() - DIRECT_DEBIT_LIMIT_WINDOW_DAYS * 86_400_000);
}

/**
 * §2 /directdebit: the member's direct debit state.
 * @returns mandate (or null), a pending code (or null), whether blocked, the 30-day limit and use.
 */
export async function getDirectDebitState(deps: AppDeps, userId: number): Promise<DirectDebitState> {
  const [active, pending, blocked, usedCents] = await Promise.all([
    repo.findMandate(deps.db, userId, "active"),
    repo.findMandate(deps.db, userId, "pending_verification"),
    repo.isBlocked(deps.db, userId, null),
    repo.sumDirectDebitSince(deps.db, userId, windowStart()),
  ]);
  const pendingValid =
    pending &&
    pending.otp_expires_at &&
    new Date(pending.otp_expires_at).getTime() > Date.now() &&
    pending.otp_attempts < DIRECT_DEBIT_CODE_MAX_ATTEMPTS;
  return {
    mandate: active
      ? {
          reference: active.reference,
          accountHolder: active.account_holder,
          ibanMasked: maskIban(active.iban),
          city: active.city,
          confirmedAt: new Date(active.verified_at!).toISOString(),
        }
      : null,
    pending: pendingValid
      ? {
          phoneMasked: maskPhone(pending.phone),
          ibanMasked: maskIban(pending.iban),
          expiresAt: new Date(pending.otp_expires_at!).toISOString(),
          attemptsLeft: DIRECT_DEBIT_CODE_MAX_ATTEMPTS - pending.otp_attempts,
        }
      : null,
    blocked,
    limitCents: DIRECT_DEBIT_LIMIT_CENTS,
    usedCents,
  };
}

/**
 * Step 1 of §2 /directdebit: keep the §3 form's details as an unconfirmed mandate and send a
 * 6-digit code by SMS to the phone (embedded default: a file under var/sms/). A new request
 * replaces an earlier unconfirmed one.
 *
 * Each SMS costs the site, so (security review of 2026-11-27, §6): only a member who confirmed
 * their address (§1, as for likes and messages) may ask; the member gets DIRECT_DEBIT_SMS_PER_DAY
 * codes a day, and a phone number RATE_LIMIT_SMS_PHONE (default 3 a day) whichever members ask,
 * counted only once the member's own checks passed; the number must be a mobile one (schema).
 *
 * @param input validated by RequestDirectDebitCodeInput (IBAN by ibantools, phone by libphonenumber-js:
 *        a mobile number, E.164).
 * @returns the masked phone and when the code expires (ISO 8601 UTC).
 * @throws EmailNotConfirmedError (EMAIL_NOT_CONFIRMED: the account is not active), DirectDebitBlockedError
 *         (§8), DirectDebitLimitError (§8 'limit reached') kind 'sms' (more than DIRECT_DEBIT_SMS_PER_DAY
 *         codes in 24 hours) or kind 'phone' (the number's limit), ServiceUnavailableError (the limiter's
 *         store is unreachable: fails closed). Nothing is stored or sent when it throws.
 */
export async function requestDirectDebitCode(
  deps: AppDeps,
  userId: number,
  input: RequestDirectDebitCodeInput,
  siteName: string,
): Promise<{ phoneMasked: string; expiresAt: string }> {
  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
  const reference = `AMR-${crypto.randomBytes(6).toString("hex").toUpperCase()}`;
  const expiresAt = new Date(Date.now() + DIRECT_DEBIT_CODE_TTL_SECONDS * 1000);
  await inTransaction(deps.db, async (tx) => {
    // One request of a member at a time (two tabs, a double click): the status, the daily count
    // and the one unconfirmed mandate are decided under the member's row lock.
    const member = (await lockMembersForUpdate(tx, [userId])).get(userId);
    if (member?.status !== "active") throw new EmailNotConfirmedError();
    if (await repo.isBlocked(tx, userId, sha256(input.iban))) throw new DirectDebitBlockedError();
    if ((await repo.countSmsSince(tx, userId, new Date(Date.now() - 86_400_000))) >= DIRECT_DEBIT_SMS_PER_DAY) {
      throw new DirectDebitLimitError("sms", DIRECT_DEBIT_SMS_PER_DAY);
    }
    // Last, so a request refused above costs the number nothing (a refusal here rolls back).
    await consumeSmsToPhone(deps, input.phone);
    await repo.deletePending(tx, userId);
    await repo.insertPending(tx, {
      user_id: userId,
      reference,
      account_holder: input.accountHolder,
      iban: input.iban,
      street: input.street,
      house_number: input.houseNumber,
      zip: input.zip,
      city: input.city,
      phone: input.phone,
      otp_hash: codeHash(reference, code),
      otp_expires_at: expiresAt,
    });
    await repo.insertSms(tx, { user_id: userId, phone: input.phone, purpose: "direct_debit" });
  });
  const minutes = DIRECT_DEBIT_CODE_TTL_SECONDS / 60;
  await deps.sms.send({
    to: input.phone,
    text: `${siteName}: your direct debit code is ${code}. It is valid for ${minutes} minutes.`,
  });
  return { phoneMasked: maskPhone(input.phone), expiresAt: expiresAt.toISOString() };
}

/**
 * Count one SMS to `e164` against RATE_LIMIT_SMS_PHONE (across members; on Redis across instances).
 * @throws DirectDebitLimitError kind 'phone' (§8 'limit reached') when the number has had its codes
 *         in the window; ServiceUnavailableError when the limiter's store is unreachable.
 */
async function consumeSmsToPhone(deps: AppDeps, e164: string): Promise<void> {
  try {
    await deps.rateLimits.consume("sms_phone", e164);
  } catch (err) {
    if (!(err instanceof RateLimitedError)) throw err;
    throw new DirectDebitLimitError("phone", Number(deps.config.RATE_LIMIT_SMS_PHONE.split("/")[0]));
  }
}

/**
 * Step 2 of §2 /directdebit: the SMS code and the consent checkbox (§5) confirm the mandate,
 * which replaces an earlier confirmed one.
 * @returns the state after.
 * @throws DirectDebitCodeInvalidError (§8 'Code invalid': wrong, expired, no code requested, or
 *         DIRECT_DEBIT_CODE_MAX_ATTEMPTS wrong codes), DirectDebitBlockedError.
 */
export async function confirmDirectDebit(
  deps: AppDeps,
  userId: number,
  input: { otp: string; consent: true },
): Promise<DirectDebitState> {
  const pending = await repo.findMandate(deps.db, userId, "pending_verification");
  if (!pending || !pending.otp_hash || !pending.otp_expires_at) throw new DirectDebitCodeInvalidError(0);
  if (await repo.isBlocked(deps.db, userId, sha256(pending.iban))) throw new DirectDebitBlockedError();
  const expired = new Date(pending.otp_expires_at).getTime() <= Date.now();
  const given = Buffer.from(codeHash(pending.reference, input.otp));
  const matches = !expired && crypto.timingSafeEqual(given, Buffer.from(pending.otp_hash));
  if (!matches) {
    // Counted conditionally: parallel guesses cannot get more than the allowed attempts.
    const attempts = await deps.db
      .transaction()
      .execute((tx) => repo.countWrongCode(tx, pending.id, DIRECT_DEBIT_CODE_MAX_ATTEMPTS));
    throw new DirectDebitCodeInvalidError(attempts === null || expired ? 0 : DIRECT_DEBIT_CODE_MAX_ATTEMPTS - attempts);
  }
  try {
    await inTransaction(deps.db, async (tx) => {
      await repo.revokeActive(tx, userId);
      if (!(await repo.activate(tx, pending.id, DIRECT_DEBIT_CODE_MAX_ATTEMPTS)))
        throw new DirectDebitCodeInvalidError(0);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new DirectDebitCodeInvalidError(0); // a racing confirmation won
    throw err;
  }
  return getDirectDebitState(deps, userId);
}

/** Revoke the member's confirmed mandate (no more sdd payments until a new one). */
export async function revokeDirectDebit(deps: AppDeps, userId: number): Promise<DirectDebitState> {
  await deps.db.transaction().execute((tx) => repo.revokeActive(tx, userId));
  return getDirectDebitState(deps, userId);
}

/**
 * For an sdd payment (payments service): the member's confirmed mandate, locked in `tx` so the
 * member's direct debit payments are checked against the limit one at a time.
 * @param payment the payment being started (not counted twice) and its amount in euro cents.
 * @returns the mandate's id, reference, holder and masked IBAN.
 * @throws DirectDebitRequiredError (no confirmed mandate), DirectDebitBlockedError,
 *         DirectDebitLimitError kind 'amount' (the 30-day limit would be passed).
 */
export async function takeMandateForPayment(
  tx: Tx,
  userId: number,
  payment: { id: number; amountCents: number },
): Promise<{ id: number; reference: string; accountHolder: string; ibanMasked: string }> {
  const mandate = await repo.lockActiveMandate(tx, userId);
  if (!mandate) throw new DirectDebitRequiredError();
  if (await repo.isBlocked(tx, userId, sha256(mandate.iban))) throw new DirectDebitBlockedError();
  const used = await repo.sumDirectDebitSince(tx, userId, windowStart(), payment.id);
  if (used + payment.amountCents > DIRECT_DEBIT_LIMIT_CENTS)
    throw new DirectDebitLimitError("amount", DIRECT_DEBIT_LIMIT_CENTS);
  return {
    id: mandate.id,
    reference: mandate.reference,
    accountHolder: mandate.account_holder,
    ibanMasked: maskIban(mandate.iban),
  };
}

/**
 * A direct debit came back unpaid (the bank returned it): block the member and the account for
 * direct debit (§8), in the payment's transaction, and revoke the mandate.
 */
export async function blockAfterReturnedDebit(tx: Tx, userId: number, mandateId: number | null): Promise<void> {
  const mandate = mandateId ? await repo.findMandateById(tx, mandateId) : undefined;
  await repo.insertBlock(tx, {
    user_id: userId,
    iban_sha256: mandate ? sha256(mandate.iban) : null,
    reason: "returned_debit",
  });
  await repo.revokeActive(tx, userId);
}
