import crypto from "node:crypto";
import type { AppDeps } from "../../deps.js";
import { inTransaction } from "../../../db/create-db.js";
import { DomainError, NotFoundError } from "../../domain-error.js";
import { ACCOUNT_REACTIVATION_WINDOW_SECONDS } from "../../constants.js";
import { createSession, endSession, hashToken } from "../accounts/sessions.service.js";
import { countRecentMails, deliverQueuedMail, enqueueMail, kickMailWorker } from "../mail/mail.service.js";
import { queueUnreadReminders } from "../notifications/notifications.service.js";
import { deletePhotoFiles } from "../members/members.photo-store.js";
import { pruneLiveEvents } from "../live/live.service.js";
import { pruneBlockedChatCopies } from "../moderation/moderation.service.js";
import * as repo from "./deletion.repository.js";
import type { DeleteAccountInput } from "./deletion.schema.js";

export class ReactivationLinkInvalidError extends DomainError {
  constructor() {
    super("LINK_INVALID", "Link expired or invalid, request a new email."); // §8
  }
}

/** §8 "account pending deletion" at login or signup: the client offers to mail the reactivation link. */
export class AccountPendingDeletionError extends DomainError {
  constructor() {
    super("ACCOUNT_PENDING_DELETION", "This account is pending deletion. We can e-mail you a link to reactivate it.");
  }
}

/** The injected clock (tests pass their own; never waited for). */
export type Clock = () => Date;
const systemClock: Clock = () => new Date();

/**
 * Delete the member's own account (§2 settings, §3 delete reasons, §4 pending state, §9 14 days).
 * In one transaction: the account becomes pending_deletion and its profile invisible (hidden from
 * search, profiles, likes and chats of others by members.isVisibleTo; chats.sendMessage and
 * likes.like refuse it), the deletion is recorded with its reason and purge date, and the mail
 * with the single-use reactivation link (valid 14 days) is queued. After commit every session
 * ends and its WebSockets close on every instance.
 *
 * @param input reason (§3), remarks (free text, ≤ 1000 characters), confirm: true.
 * @param now the clock (default the system's).
 * @returns { purgeAfter } ISO 8601 UTC, the end of the reactivation window.
 * @throws NotFoundError when the member does not exist.
 */
export async function deleteAccount(
  deps: AppDeps,
  userId: number,
  input: DeleteAccountInput,
  site: { domain?: string },
  now: Clock = systemClock,
): Promise<{ purgeAfter: string }> {
  const token = crypto.randomBytes(32).toString("base64url");
  const at = now();
  const purgeAfter = new Date(at.getTime() + ACCOUNT_REACTIVATION_WINDOW_SECONDS * 1000);
  const mailId = await inTransaction(deps.db, async (tx) => {
    const account = await repo.lockAccount(tx, userId);
    if (!account) throw new NotFoundError();
    if (account.status !== "pending_deletion") {
      await repo.insertDeletion(tx, {
        user_id: userId,
        reason: input.reason,
        remarks: input.remarks ?? "",
        previous_status: account.status,
        requested_at: at,
        purge_after: purgeAfter,
        token_hash: hashToken(token),
      });
      await repo.markPendingDeletion(tx, userId);
      // Links mailed before (activation, reset, e-mail change) would act on a deleted account.
      await repo.voidEmailLinks(tx, userId);
    } else {
      await repo.setTokenHash(tx, userId, hashToken(token));
    }
    return enqueueMail(tx, {
      kind: "account_deleted",
      userId,
      siteDomain: site.domain ?? null,
      data: { token },
      deliverSelf: true,
    });
  });
  await endAllSessions(deps, userId);
  await deliverQueuedMail(deps, mailId);
  const pending = await repo.findPendingDeletion(deps.db, userId);
  return { purgeAfter: new Date(pending?.purge_after ?? purgeAfter).toISOString() };
}

/**
 * How long after the deletion's answer the member's WebSockets are closed. The sessions end at
 * once (every later call is a visitor's); closing the sockets a moment later lets the tab that
 * deleted the account take the answer and leave for /account-deleted before its socket's close
 * would send it to the login page.
 */
export const DELETION_SOCKET_CLOSE_DELAY_MS = 1000;

async function endAllSessions(deps: AppDeps, userId: number): Promise<void> {
  const ids = await repo.deleteSessionsOf(deps.db, userId);
  const close = () => {
    for (const sessionId of ids)
      endSession(deps, sessionId).catch((err: unknown) =>
        deps.log.warn({ err }, "a deleted member's socket not closed"),
      );
  };
  setTimeout(close, DELETION_SOCKET_CLOSE_DELAY_MS).unref();
}

/**
 * Follow the reactivation link (§4): within the 14 days, the account gets its previous status
 * back (its profile visible again if it was) and the member is logged in. Single use: the
 * deletion row and its token are gone afterwards.
 * @returns the member id and a new session token for the `auth` cookie.
 * @throws ReactivationLinkInvalidError (§8 'Link expired or invalid, request a new email.') for an
 *         unknown, used or expired token, or an account already purged.
 */
export async function reactivate(
  deps: AppDeps,
  token: string,
  now: Clock = systemClock,
): Promise<{ userId: number; token: string }> {
  const result = await inTransaction(deps.db, async (tx) => {
    const d = await repo.lockDeletionByToken(tx, hashToken(token));
    if (!d || d.purged_at !== null || new Date(d.purge_after).getTime() <= now().getTime()) return null;
    await repo.restoreAccount(tx, d.user_id, d.previous_status, d.previous_status === "active" && !d.invisible);
    const session = await createSession(tx, d.user_id);
    return { userId: d.user_id, token: session.token };
  });
  if (!result) throw new ReactivationLinkInvalidError();
  return result;
}

/** A new reactivation mail is sent at most this often per account. */
export const REACTIVATION_RESEND_SECONDS = 60;

/**
 * Mail a new reactivation link to an account pending deletion (offered at login and signup, §8).
 * The answer is the same whether or not the address has such an account (no enumeration), and
 * when a reactivation mail went out in the last REACTIVATION_RESEND_SECONDS (nothing is sent then).
 */
export async function requestReactivationMail(
  deps: AppDeps,
  email: string,
  site: { domain?: string },
  now: Clock = systemClock,
): Promise<void> {
  const pending = await repo.findPendingDeletionByEmail(deps.db, email);
  if (!pending || new Date(pending.purge_after).getTime() <= now().getTime()) return;
  // At most one reactivation mail a minute: the offer cannot be used to flood the address.
  if ((await countRecentMails(deps, pending.user_id, "account_deleted", REACTIVATION_RESEND_SECONDS)) > 0) return;
  const token = crypto.randomBytes(32).toString("base64url");
  await repo.setTokenHash(deps.db, pending.user_id, hashToken(token));
  const mailId = await enqueueMail(deps.db, {
    kind: "account_deleted",
    userId: pending.user_id,
    siteDomain: site.domain ?? null,
    data: { token },
    deliverSelf: true,
  });
  await deliverQueuedMail(deps, mailId);
}

/**
 * Whether login or signup with this member should offer reactivation instead (§8 account pending
 * deletion): the account is pending deletion and not purged.
 */
export function isPendingDeletion(deps: Pick<AppDeps, "db">, userId: number): Promise<boolean> {
  return repo.isPendingDeletion(deps.db, userId);
}

/**
 * Purge every account whose 14 days ended by `now` (§4, §9): personal data removed in one
 * transaction per member (deletion.repository purgeAccountInTx), then photo files deleted and
 * any WebSocket left closed. Money records (ledger, payments) stay, tied to the anonymised row.
 * @returns how many accounts were purged.
 */
export async function purgeExpiredAccounts(deps: AppDeps, now: Clock = systemClock): Promise<number> {
  let purged = 0;
  for (;;) {
    const due = await repo.findDueDeletions(deps.db, now(), 50);
    if (due.length === 0) return purged;
    for (const userId of due) {
      const files = await repo.findPhotoFiles(deps.db, userId);
      const sessions = await inTransaction(deps.db, (tx) => repo.purgeAccountInTx(tx, userId, now()));
      if (sessions === null) continue;
      for (const id of sessions) await endSession(deps, id);
      await Promise.all(
        files.map((f) =>
          deletePhotoFiles({ mediaDir: deps.config.mediaDir, privateMediaDir: deps.config.privateMediaDir }, f).catch(
            (err: unknown) => deps.log.warn({ err, userId }, "a purged member's photo file could not be removed"),
          ),
        ),
      );
      purged += 1;
    }
    if (due.length < 50) return purged;
  }
}

/** How often each instance looks for deletions to purge and unread reminders to queue. */
export const PURGE_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Run purgeExpiredAccounts, notifications.queueUnreadReminders, live.pruneLiveEvents and
 * moderation.pruneBlockedChatCopies every
 * PURGE_INTERVAL_MS (and once shortly after start). @returns stop.
 */
export function startDeletionPurgeJob(deps: AppDeps): () => void {
  const run = () => {
    void purgeExpiredAccounts(deps).catch((err: unknown) => deps.log.warn({ err }, "account purge failed"));
    void pruneLiveEvents(deps).catch((err: unknown) => deps.log.warn({ err }, "live event prune failed"));
    void pruneBlockedChatCopies(deps).catch((err: unknown) => deps.log.warn({ err }, "blocked chat copy prune failed"));
    void queueUnreadReminders(deps)
      .then((n) => (n > 0 ? kickMailWorker(deps) : undefined))
      .catch((err: unknown) => deps.log.warn({ err }, "unread reminders failed"));
  };
  const first = setTimeout(run, 10_000);
  const timer = setInterval(run, PURGE_INTERVAL_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
