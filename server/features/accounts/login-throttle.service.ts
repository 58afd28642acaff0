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

/** @throws TooManyAttemptsError while the address is blocked. */
export async function assertLoginAllowed(deps: Pick<AppDeps, "db">, email: string): Promise<void> {
  const block = await repo.findActiveBlock(deps.db, keyOf(email));
  if (block) throw new TooManyAttemptsError(Math.max(1, block.minutes));
}

/**
 * Count a failed login for `email`.
 * @throws TooManyAttemptsError when this failure blocks the address.
 */
export async function recordLoginFailure(deps: Pick<AppDeps, "db">, email: string): Promise<void> {
  const r = await repo.countFailure(deps.db, keyOf(email), {
    windowMinutes: LOGIN_FAILURE_WINDOW_MINUTES,
    maxFailures: LOGIN_MAX_FAILURES,
    blockMinutes: LOGIN_BLOCK_MINUTES,
  });
  if (r.minutes !== null && r.minutes > 0) throw new TooManyAttemptsError(r.minutes);
}

/** A successful login forgets the failures. */
export async function clearLoginFailures(deps: Pick<AppDeps, "db">, email: string): Promise<void> {
  await repo.clearFailures(deps.db, keyOf(email));
}
