import crypto from "node:crypto";
import { MAIL_TEXT } from "../mail/mail.messages.js";
import { deliverQueuedMail, enqueueMail } from "../mail/mail.service.js";
import { mailI18n } from "../mail/mail.i18n.js";
import { composeMail } from "../mail/mail.templates.js";
import type { Mail } from "../../infra/mailer.js";
import { hash, verify } from "@node-rs/argon2";
import type { AppDeps } from "../../deps.js";
import { inTransaction, isUniqueViolation } from "../../../db/create-db.js";
import { DomainError, NotFoundError, ServiceUnavailableError } from "../../domain-error.js";
import type { SiteSettings } from "../site/site.settings.js";
import type { Site } from "../site/site.service.js";
import * as repo from "./account-security.repository.js";
import { createSession, hashToken, SESSION_ENDED_CHANNEL } from "./sessions.service.js";
import { clearLoginFailures, recordLoginFailure, reserveLoginAttempt } from "./login-throttle.service.js";
import { EmailExistsError, LinkInvalidError } from "./accounts.service.js";
import { AccountPendingDeletionError } from "../account-deletion/deletion.service.js";
import { assertMayLogIn } from "../moderation/moderation.service.js";

/** §8, §9 (issue 9): a reset link is valid for one hour. */
export const PASSWORD_RESET_LINK_TTL_SECONDS = 60 * 60;
/** §8 'Too many password reset emails sent, please try again tomorrow.': 3 mails per address per 24 h. */
export const PASSWORD_RESET_MAILS_PER_DAY = 3;
export const PASSWORD_RESET_WINDOW_HOURS = 24;
/** A link confirming a new e-mail address is valid for 24 hours. */
export const EMAIL_CHANGE_LINK_TTL_SECONDS = 24 * 60 * 60;

export class TooManyResetMailsError extends DomainError {
  constructor() {
    super("TOO_MANY_RESET_MAILS", "Too many password reset emails sent, please try again tomorrow."); // §8
  }
}
export class OldPasswordWrongError extends DomainError {
  constructor() {
    super("OLD_PASSWORD_WRONG", "Please check your old password."); // §5
  }
}

/** Mails sent after the answer (reset links), so the answer's timing says nothing; tests wait on them. */
const pendingMails = new Set<Promise<void>>();
/** Resolves when every mail started so far has been handed to the mailer (or failed and was logged). */
export async function settleAccountMails(): Promise<void> {
  await Promise.all([...pendingMails]);
}

function newLinkToken(): { token: string; id: string } {
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, id: hashToken(token) };
}

function keyOf(email: string): string {
  return crypto.createHash("sha256").update(`reset:${email.trim().toLowerCase()}`).digest("hex");
}

/**
 * Close the WebSockets of ended sessions on this instance and tell the other instances (as
 * logout does); the bus message is only a hint, the session re-check refuses them anyway.
 */
function closeSessions(deps: AppDeps, sessionIds: string[]): void {
  for (const sessionId of sessionIds) {
    deps.sockets.closeSession(sessionId);
    deps.bus
      .publish(SESSION_ENDED_CHANNEL, { sessionId })
      .catch((err: unknown) =>
        deps.log.warn({ err }, "session-ended not published; other instances close those sockets at their sweep"),
      );
  }
}

/**
 * Ask for a password reset link (§2 /reset-password, §8). The answer is the same for a known and
 * an unknown address, after the same work (count the mail, look the address up): the link is
 * stored and mailed after the answer, so neither the text nor the timing tells whether an account
 * exists (docs/decisions.md: the spec's 'E-mail address not found.' is not shown).
 * Mails are counted per address typed, known or not, so the limit reveals nothing either.
 * @param email normalised (lower-case, trimmed) by the schema.
 * @param origin the site's configured origin for the link (never the Host header).
 * @param site the serving site (its name in the mail).
 * @throws TooManyResetMailsError after PASSWORD_RESET_MAILS_PER_DAY mails to this address in 24 h.
 */
export async function requestPasswordReset(
  deps: AppDeps,
  email: string,
  origin: string,
  site: Pick<SiteSettings, "name">,
): Promise<void> {
  const counted = await repo.reserveResetMail(deps.db, keyOf(email), {
    windowHours: PASSWORD_RESET_WINDOW_HOURS,
    max: PASSWORD_RESET_MAILS_PER_DAY,
  });
  if (counted === undefined) throw new TooManyResetMailsError();
  const account = await repo.findAccountByEmail(deps.db, email);
  if (!account) return;
  // Started on a later turn of the event loop, after this answer is written, so its work (the
  // insert, building and writing the mail) cannot slow the answer for a known address.
  const job = new Promise<void>((resolve) => setTimeout(resolve, 0))
    .then(() => sendResetLink(deps, account, origin, site.name))
    .catch((err: unknown) => deps.log.error({ err, userId: account.id }, "password reset mail could not be sent"))
    .finally(() => pendingMails.delete(job));
  pendingMails.add(job);
}

async function sendResetLink(
  deps: AppDeps,
  account: { id: number; email: string; name: string; language: string },
  origin: string,
  siteName: string,
): Promise<void> {
  const { token, id } = newLinkToken();
  await repo.insertLinkToken(deps.db, {
    id,
    userId: account.id,
    purpose: "reset_password",
    expiresAt: new Date(Date.now() + PASSWORD_RESET_LINK_TTL_SECONDS * 1000),
  });
  const link = `${origin}/reset-password/do?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(
    await accountMail(deps, account.language, {
      userId: account.id,
      to: account.email,
      name: account.name,
      site: siteName,
      origin,
      values: { site: siteName },
      subject: MAIL_TEXT.resetSubject,
      body: MAIL_TEXT.resetBody,
      button: { label: MAIL_TEXT.resetButton, link },
    }),
  );
}

/**
 * An account mail (password reset, e-mail change) in the member's language (§1), from the same
 * catalogs as the app (mail/mail.i18n.ts), in the site's mail layout (mail.templates composeMail:
 * its name as the header, greeting, one paragraph, the link as a button in the HTML part and on its
 * own line in the text part, the footer), without unsubscribe headers: it is no subscription.
 * Every value is escaped in the HTML.
 */
async function accountMail(
  deps: Pick<AppDeps, "mailLinkSecret">,
  language: string,
  mail: {
    userId: number;
    to: string;
    name: string;
    site: string;
    origin: string;
    values: Record<string, string>;
    subject: string;
    body: string;
    button: { label: string; link: string };
  },
): Promise<Mail> {
  const i18n = await mailI18n(language);
  return composeMail({
    deps,
    i18n,
    to: mail.to,
    userId: mail.userId,
    name: mail.name,
    site: mail.site,
    origin: mail.origin,
    subject: i18n._(mail.subject, mail.values),
    paragraphs: [i18n._(mail.body, mail.values)],
    button: { label: i18n._(mail.button.label), url: mail.button.link },
    unsubscribe: false,
  });
}

/**
 * Whether a password reset link can still be used (§2 /reset-password/do checks it as the page
 * opens, so a used or expired link says so before the new password is typed). Read-only, and it
 * answers nothing about the account.
 */
export async function isPasswordResetLinkUsable(deps: AppDeps, token: string): Promise<boolean> {
  return repo.findUsableLinkToken(deps.db, hashToken(token), "reset_password");
}

/**
 * Complete a password reset (§2 /reset-password/do): the link is used once (of two concurrent
 * uses exactly one wins), the password is replaced, every session of the member ends (their
 * WebSockets close), the other reset links die, the login lockout of the address is cleared,
 * and a new session is opened.
 * @param password already checked against its repetition by the schema.
 * @returns the member's id and the new session's token for the `auth` cookie.
 * @throws LinkInvalidError (§8) for an unknown, used or expired (over one hour) link;
 *   AccountPendingDeletionError (§8) for an account pending deletion (it comes back through its
 *   reactivation link only); AccountSuspendedError, AccountBannedError (issue 10: the password is
 *   changed, no session is opened, as a login of that member is refused).
 */
export async function completePasswordReset(
  deps: AppDeps,
  token: string,
  password: string,
): Promise<{ userId: number; token: string; sessionId: string }> {
  // The link first: the costly hash only for a link that can be used (an unknown token costs a
  // query, not a second of a core).
  if (!(await repo.findUsableLinkToken(deps.db, hashToken(token), "reset_password"))) throw new LinkInvalidError();
  const passwordHash = await hash(password);
  const done = await inTransaction(deps.db, async (tx) => {
    const row = await repo.consumeLinkToken(tx, hashToken(token), "reset_password");
    if (!row) return null;
    const account = await repo.findAccountById(tx, row.user_id);
    // §4: a deleted account comes back only through its reactivation link, never a reset.
    if (account?.status === "pending_deletion") throw new AccountPendingDeletionError();
    await repo.setPasswordHash(tx, row.user_id, passwordHash, { byLink: true });
    // A new password ends every pending change of the account's credentials: an e-mail change
    // asked for by whoever had the old one must not outlive the recovery.
    await repo.voidLinkTokens(tx, row.user_id, ["reset_password", "change_email"]);
    const ended = await repo.deleteSessionsExcept(tx, row.user_id, null);
    return { userId: row.user_id, email: account!.email, ended };
  });
  if (!done) throw new LinkInvalidError();
  closeSessions(deps, done.ended);
  await clearLoginFailures(deps, done.email);
  // The new session is a login: refused to a suspended or banned member (who keeps the new
  // password), and it makes a listed operator address an operator, as accounts.login does.
  await assertMayLogIn(deps, done.userId, done.email);
  const session = await createSession(deps.db, done.userId);
  return { userId: done.userId, token: session.token, sessionId: session.sessionId };
}

/**
 * Check a logged-in member's current password, under the login's throttle of the account's
 * address (§8): a session someone else holds must not be a way to guess the password past the
 * lockout, nor to keep the server hashing. A right password clears the failures, as a login does.
 * @throws TooManyAttemptsError (§8) while the address is blocked, or when this failure blocks it;
 *         OldPasswordWrongError (§5 'Please check your old password.') for a wrong password.
 */
async function checkCurrentPassword(
  deps: AppDeps,
  account: { email: string; password_hash: string },
  password: string,
): Promise<void> {
  const attempt = await reserveLoginAttempt(deps, account.email);
  const ok = await verify(account.password_hash, password).catch(() => false);
  if (!ok) {
    await recordLoginFailure(deps, account.email, attempt);
    throw new OldPasswordWrongError();
  }
  await clearLoginFailures(deps, account.email);
}

/**
 * Change the password from the settings (§5): the old one must be right; every other session of
 * the member ends and their WebSockets close; this one stays.
 * @throws OldPasswordWrongError (§5 'Please check your old password.'); TooManyAttemptsError (§8)
 *         after repeated wrong passwords (the login's lockout of the account's address).
 */
export async function changePassword(
  deps: AppDeps,
  member: { id: number; sessionId: string },
  input: { oldPassword: string; password: string },
): Promise<{ endedSessions: number }> {
  const account = await repo.findAccountById(deps.db, member.id);
  if (!account) throw new NotFoundError();
  await checkCurrentPassword(deps, account, input.oldPassword);
  const passwordHash = await hash(input.password);
  const ended = await inTransaction(deps.db, async (tx) => {
    await repo.setPasswordHash(tx, member.id, passwordHash, { byLink: false });
    await repo.voidLinkTokens(tx, member.id, ["reset_password", "change_email"]);
    return repo.deleteSessionsExcept(tx, member.id, member.sessionId);
  });
  closeSessions(deps, ended);
  return { endedSessions: ended.length };
}

/**
 * Ask to change the e-mail address (settings): with the current password, a link is mailed to
 * the new address; the address changes only when it is followed (confirmEmailChange).
 * @throws OldPasswordWrongError for a wrong password (TooManyAttemptsError, §8, after repeated
 *         ones: the login's lockout); EmailExistsError when another account
 *         (or this one) already has the address; ServiceUnavailableError (503) when the mail
 *         server cannot take the mail (the link is voided then).
 */
export async function requestEmailChange(
  deps: AppDeps,
  userId: number,
  input: { email: string; password: string },
  origin: string,
  site: Pick<SiteSettings, "name">,
): Promise<void> {
  const account = await repo.findAccountById(deps.db, userId);
  if (!account) throw new NotFoundError();
  await checkCurrentPassword(deps, account, input.password);
  if (await repo.emailInUse(deps.db, input.email)) throw new EmailExistsError();
  const { token, id } = newLinkToken();
  await repo.insertLinkToken(deps.db, {
    id,
    userId,
    purpose: "change_email",
    newEmail: input.email,
    expiresAt: new Date(Date.now() + EMAIL_CHANGE_LINK_TTL_SECONDS * 1000),
  });
  const link = `${origin}/mail-change/do?token=${encodeURIComponent(token)}`;
  try {
    await deps.mailer.send(
      await accountMail(deps, account.language, {
        userId,
        to: input.email,
        name: account.name,
        site: site.name,
        origin,
        values: { site: site.name, email: input.email },
        subject: MAIL_TEXT.mailChangeSubject,
        body: MAIL_TEXT.mailChangeBody,
        button: { label: MAIL_TEXT.mailChangeButton, link },
      }),
    );
  } catch (err) {
    // The mail server is away: no link was sent, so none is left usable; the member tries again.
    deps.log.error({ err, userId }, "e-mail change mail could not be sent");
    await repo.voidLinkToken(deps.db, id);
    throw new ServiceUnavailableError();
  }
}

/**
 * Follow the link mailed to a new address (§2 /mail-change/do): the address changes once, and
 * reset links sent to the old address die. The old address is told by mail (`email_changed`,
 * queued in the change's transaction: a mail server that is away delays that notice, it does not
 * lose it).
 * Followed again once the address is the new one (a mail client's preview, a second tap), the
 * answer is the same success, with nothing changed and no second mail (docs/decisions.md
 * "Confirmation links opened twice").
 * @returns the new address.
 * @throws LinkInvalidError (§8) for an unknown or expired link, or a used one whose address the
 *         account does not have (any more); EmailExistsError when another account took the
 *         address meanwhile (the link stays unused).
 */
export async function confirmEmailChange(
  deps: AppDeps,
  token: string,
  site: Pick<Site, "domain">,
): Promise<{ email: string }> {
  let done: { newEmail: string; mailId: string | null } | null;
  try {
    done = await inTransaction(deps.db, async (tx) => {
      const row = await repo.consumeLinkToken(tx, hashToken(token), "change_email");
      if (!row?.new_email) return null;
      const account = await repo.findAccountById(tx, row.user_id);
      if (!account) return null;
      await repo.setEmail(tx, row.user_id, row.new_email);
      // Links mailed to the old address (an activation among them) no longer act on the account.
      await repo.voidLinkTokens(tx, row.user_id, ["activate", "reset_password", "change_email"]);
      const mailId = await enqueueMail(tx, {
        kind: "email_changed",
        userId: row.user_id,
        to: account.email,
        siteDomain: site.domain,
        data: { newEmail: row.new_email },
        deliverSelf: true,
      });
      return { newEmail: row.new_email, mailId };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new EmailExistsError();
    throw err;
  }
  if (!done) {
    const email = await repo.changeEmailLinkAlreadyDone(deps.db, hashToken(token));
    if (email === undefined) throw new LinkInvalidError();
    return { email };
  }
  await deliverQueuedMail(deps, done.mailId);
  return { email: done.newEmail };
}

/** One of the member's sessions as the settings list shows it. */
export interface SessionView {
  id: string;
  /** ISO 8601, UTC. */
  createdAt: string;
  expiresAt: string;
  current: boolean;
}

/** The member's active sessions, newest first; `current` marks the one asking. */
export async function listSessions(deps: AppDeps, member: { id: number; sessionId: string }): Promise<SessionView[]> {
  const rows = await repo.listSessions(deps.db, member.id);
  return rows.map((r) => ({
    id: r.id,
    createdAt: new Date(r.created_at).toISOString(),
    expiresAt: new Date(r.expires_at).toISOString(),
    current: r.id === member.sessionId,
  }));
}

/**
 * "Log out this device": end one of the member's own sessions and close its WebSockets.
 * @throws NotFoundError when the session is not the member's (or ended already).
 */
export async function endOwnSession(deps: AppDeps, userId: number, sessionId: string): Promise<void> {
  if (!(await repo.deleteOwnSession(deps.db, userId, sessionId))) throw new NotFoundError();
  closeSessions(deps, [sessionId]);
}
