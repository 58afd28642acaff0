import crypto from "node:crypto";
import type { AppDeps } from "../../deps.js";
import { DomainError } from "../../domain-error.js";
import * as repo from "./login-throttle.repository.js";

/**
 * Login throttling (§8 'Too many incorrect attempts, account blocked for {minutes} min.').
 * The spec names no figures; these are the usual ones: 5 failures within 15 minutes block the
 * account for 15 minutes. Counts live in the database, so every instance agrees, and are kept
 * per address typed, known or not: the block says nothing about whether an address exists.
 * Used by every login path (tRPC accounts.login and the legacy POST /api/user.php).
 */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;
export const LOGIN_BLOCK_MINUTES = 15;

export class TooManyAttemptsError extends DomainError {
  constructor(minutes: number) {
    super("TOO_MANY_ATTEMPTS", `Too many incorrect attempts, account blocked for ${minutes} min.`, { minutes }); // §8
  }
}

/** The counter's key: no addresses are stored, only the SHA-256 of the normalised one. */
function keyOf(email: string): string {
  return crypto.createHash("sha256").update(`login:${email.trim().toLowerCase()}`).digest("hex");
}

/**
 * Reserve one password check for `email` before the password is verified (atomic in the
 * database, so 40 concurrent attempts make at most LOGIN_MAX_FAILURES checks per window,
 * whatever the instances). The reservation counts as a failure until clearLoginFailures.
 * @returns the attempt's number in the window (1..LOGIN_MAX_FAILURES), for recordLoginFailure.
 * @throws TooManyAttemptsError (§8) while the address is blocked or its checks are used up.
 */
export async function reserveLoginAttempt(deps: Pick<AppDeps, "db">, email: string): Promise<number> {
  const key = keyOf(email);
  const attempt = await repo.reserveAttempt(deps.db, key, {
    windowMinutes: LOGIN_FAILURE_WINDOW_MINUTES,
    maxAttempts: LOGIN_MAX_FAILURES,
  });
  if (attempt !== undefined) return attempt;
  const block = await repo.findActiveBlock(deps.db, key);
  throw new TooManyAttemptsError(Math.max(1, block?.minutes ?? LOGIN_BLOCK_MINUTES));
}

/**
 * The reserved check failed (wrong password or unknown address). The failure that used the
 * last check of the window blocks the address for LOGIN_BLOCK_MINUTES.
 * @param attempt what reserveLoginAttempt returned.
 * @throws TooManyAttemptsError when this failure blocks the address.
 */
export async function recordLoginFailure(deps: Pick<AppDeps, "db">, email: string, attempt: number): Promise<void> {
  if (attempt < LOGIN_MAX_FAILURES) return;
  await repo.blockKey(deps.db, keyOf(email), LOGIN_BLOCK_MINUTES);
  throw new TooManyAttemptsError(LOGIN_BLOCK_MINUTES);
}

/** A successful login forgets the failures. */
export async function clearLoginFailures(deps: Pick<AppDeps, "db">, email: string): Promise<void> {
  await repo.clearFailures(deps.db, keyOf(email));
}
