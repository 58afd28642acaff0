import crypto from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import type { AppDeps } from "../../deps.js";
import { inTransaction, isUniqueViolation } from "../../../db/create-db.js";
import { DomainError, NotFoundError } from "../../domain-error.js";
import { ACTIVATION_LINK_TTL_SECONDS, type Locale } from "../../constants.js";
import type { SiteSettings } from "../site/site.settings.js";
import type { Site } from "../site/site.service.js";
import { assertSignupsOpen } from "../site/site-policy.js";
import { grantCreditsInTx } from "../credits/credits.service.js";
import { activateProfileInTx, createProfileInTx, recordActivity } from "../members/members.service.js";
import * as repo from "./accounts.repository.js";
import { assertMayLogIn } from "../moderation/moderation.service.js";
import { createSession, endSession, hashToken } from "./sessions.service.js";
import { clearLoginFailures, recordLoginFailure, reserveLoginAttempt } from "./login-throttle.service.js";
import type { LoginInput, SignupInput } from "./accounts.schema.js";
import { trafficSourceColumn, type TrafficSource } from "../tracking/tracking.service.js";
import { mediaUrl } from "../members/members.photos.js";
import { deliverQueuedMail, enqueueMail } from "../mail/mail.service.js";
import { getNotificationSettings } from "../notifications/notifications.service.js";
import { AccountPendingDeletionError } from "../account-deletion/deletion.service.js";

export class EmailExistsError extends DomainError {
  constructor() {
    super("EMAIL_EXISTS", "An account with this e-mail address already exists."); // §8
  }
}
export class LoginFailedError extends DomainError {
  constructor() {
    super("LOGIN_FAILED", "Login failed, please try again."); // §8
  }
}
export class LinkInvalidError extends DomainError {
  constructor() {
    super("LINK_INVALID", "Link expired or invalid, request a new email."); // §8
  }
}

/** The logged-in member's own view of their account (§3 User, with the profile's essentials). */
export interface CurrentUser {
  id: number;
  email: string;
  name: string;
  /** §3/§4 account status: not_confirmed until the e-mail link is followed. */
  status: "not_confirmed" | "active" | "pending_deletion";
  profileStatus: "disabled" | "active";
  credits: number;
  paidUser: boolean;
  freeMessagesLeft: number;
  /** ISO 8601, UTC. */
  signupDate: string;
  language: string;
  sendWithEnter: boolean;
  gender: "male" | "female" | null;
  /** The profile's "I am looking for" (§3 profile): the gender searches show by default, or null. */
  searchGender: "male" | "female" | null;
  country: string | null;
  mainImage: { url: string; thumbUrl: string; status: string } | null;
  /** §3 why e-mail notifications are off (fbl, bounce, listunsubscribe), or null; the §2 alert shows it. */
  notificationsDisabled: "fbl" | "bounce" | "listunsubscribe" | null;
}

// Argon2id (the library's default algorithm) with its recommended memory and time costs.
// A hash to verify against when the address is unknown, so both failures take as long.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hash("no-such-member-dummy-password"));

/**
 * Sign up (§3 signup form, §4 account, §5 validation). Creates the member as not_confirmed
 * with a disabled profile, grants signup_credits through the ledger, mails the activation
 * link and opens a session.
 *
 * @param input already validated by SignupInput.
 * @param origin the site origin for the link in the mail, e.g. "http://localhost:3000".
 * @param site the serving site's settings (free_messages, signup_credits, name).
 * @param trafficSource the §3 tracking record the visitor arrived with (the `tracking` cookie,
 *   tracking.service), stored on the account as users.traffic_source; null when none.
 * @returns the new member and the session token for the `auth` cookie.
 * @throws EmailExistsError when the address is taken (§8 existing account at signup).
 * @throws SignupsClosedError (403 SIGNUPS_CLOSED) when the site's §3 `signups` setting keeps
 *   signups closed for this visitor (§4 invite-only mode: 'other', or 'with_trafficsource'
 *   without a traffic source); nothing is written.
 */
export async function signup(
  deps: AppDeps,
  input: SignupInput,
  origin: string,
  site: SiteSettings & Pick<Site, "signups">,
  trafficSource: TrafficSource | null = null,
): Promise<{ user: CurrentUser; token: string; sessionId: string }> {
  assertSignupsOpen(site, trafficSource);
  const settings = site;
  const passwordHash = await hash(input.password);
  const activationToken = crypto.randomBytes(32).toString("base64url");
  let userId: number;
  let session: { token: string; sessionId: string };
  try {
    ({ userId, session } = await inTransaction(deps.db, async (tx) => {
      const id = await repo.insertUser(tx, {
        email: input.email,
        password_hash: passwordHash,
        status: "not_confirmed",
        free_messages_left: settings.free_messages,
        language: input.language ?? "en",
        traffic_source: trafficSourceColumn(trafficSource),
      });
      await createProfileInTx(tx, {
        id,
        name: input.name,
        status: "disabled",
        visible: false,
        gender: input.gender,
        birth_date: input.date_of_birth,
        country: input.country,
        note: input.signup_message ?? "",
      });
      if (settings.signup_credits > 0) await grantCreditsInTx(tx, id, settings.signup_credits, "signup_bonus", null);
      await repo.insertEmailToken(tx, {
        id: hashToken(activationToken),
        user_id: id,
        purpose: "activate",
        expires_at: new Date(Date.now() + ACTIVATION_LINK_TTL_SECONDS * 1000),
      });
      return { userId: id, session: await createSession(tx, id) };
    }));
  } catch (err) {
    if (isUniqueViolation(err)) {
      // §8 account pending deletion at signup: offer reactivation instead of a second account.
      const existing = await repo.findUserByEmail(deps.db, input.email);
      if (existing?.status === "pending_deletion") throw new AccountPendingDeletionError();
      throw new EmailExistsError();
    }
    throw err;
  }
  await sendActivationMail(deps, userId, activationToken, site as { domain?: string });
  const user = await getCurrentUser(deps, userId);
  return { user, token: session.token, sessionId: session.sessionId };
}

/**
 * Queue the activation mail (mail.templates "activation": in the member's language, from the
 * same Lingui catalogs, §1) and ask the mail worker to send it now. A mail that cannot be sent
 * stays queued and is retried; the member can also ask again from the reminder banner.
 */
async function sendActivationMail(deps: AppDeps, userId: number, token: string, site: { domain?: string }) {
  try {
    const id = await enqueueMail(deps.db, {
      kind: "activation",
      userId,
      siteDomain: site.domain ?? null,
      data: { token },
      deliverSelf: true,
    });
    await deliverQueuedMail(deps, id);
  } catch (err) {
    deps.log.error({ err, userId }, "activation mail could not be queued");
  }
}

/**
 * Log in with e-mail and password.
 * @returns the member and a new session token.
 * @throws LoginFailedError (§8 'Login failed, please try again.') for an unknown address or a
 *         wrong password alike, after the same work, so the answer reveals nothing;
 *         TooManyAttemptsError (§8) while the address is blocked after repeated failures
 *         (login-throttle.service.ts, counted per address typed, known or not);
 *         AccountSuspendedError / AccountBannedError (issue 10) after a right password.
 */
export async function login(
  deps: AppDeps,
  input: LoginInput,
): Promise<{ user: CurrentUser; token: string; sessionId: string }> {
  const attempt = await reserveLoginAttempt(deps, input.email);
  const row = await repo.findUserByEmail(deps.db, input.email);
  const ok = await verify(row?.password_hash ?? (await getDummyHash()), input.password).catch(() => false);
  if (!row || !ok) {
    await recordLoginFailure(deps, input.email, attempt); // throws TooManyAttemptsError when this one blocks
    throw new LoginFailedError();
  }
  await clearLoginFailures(deps, input.email);
  // §8 account pending deletion (right password): AccountPendingDeletionError; the client offers
  // to mail the reactivation link.
  if (row.status === "pending_deletion") throw new AccountPendingDeletionError();
  await assertMayLogIn(deps, row.id, row.email); // suspended or banned by an operator (issue 10)
  const session = await createSession(deps.db, row.id);
  await recordActivity(deps, row.id);
  return { user: await getCurrentUser(deps, row.id), token: session.token, sessionId: session.sessionId };
}

/** Log out: ends the session and closes its WebSockets on every instance. */
export async function logout(deps: AppDeps, sessionId: string): Promise<void> {
  await endSession(deps, sessionId);
}

/**
 * Follow the activation link (§4): not_confirmed → active, profile visible. Following it again
 * once the account is active (mail clients open links ahead, people tap twice) answers
 * `alreadyConfirmed` rather than an error: the same outcome the first use showed, nothing more
 * (docs/decisions.md "Confirmation links opened twice").
 * @throws LinkInvalidError for an unknown or expired token, or one used on an account that is not
 *   active (→ /activate/error).
 */
export async function activate(deps: AppDeps, token: string): Promise<{ userId: number; alreadyConfirmed: boolean }> {
  const id = hashToken(token);
  const done = await inTransaction(deps.db, async (tx) => {
    const row = await repo.consumeEmailToken(tx, id, "activate");
    if (!row) return null;
    const activated = await repo.activateUser(tx, row.user_id);
    await activateProfileInTx(tx, row.user_id);
    return { userId: row.user_id, alreadyConfirmed: !activated };
  });
  if (done) return done;
  const userId = await repo.activationLinkAlreadyDone(deps.db, id);
  if (userId === undefined) throw new LinkInvalidError();
  return { userId, alreadyConfirmed: true };
}

/** Send the activation mail again (from the §2 activation reminder). No-op when already active. */
export async function resendActivation(
  deps: AppDeps,
  userId: number,
  origin: string,
  site: SiteSettings,
): Promise<void> {
  const user = await getCurrentUser(deps, userId);
  if (user.status !== "not_confirmed") return;
  const token = crypto.randomBytes(32).toString("base64url");
  await repo.insertEmailToken(deps.db, {
    id: hashToken(token),
    user_id: userId,
    purpose: "activate",
    expires_at: new Date(Date.now() + ACTIVATION_LINK_TTL_SECONDS * 1000),
  });
  await sendActivationMail(deps, userId, token, site as { domain?: string });
}

/**
 * The member's own account view.
 * @throws NotFoundError when the member no longer exists.
 */
export async function getCurrentUser(deps: AppDeps, userId: number): Promise<CurrentUser> {
  const [r, notifications] = await Promise.all([
    repo.findCurrentUserRow(deps.db, userId),
    getNotificationSettings(deps, userId),
  ]);
  if (!r) throw new NotFoundError();
  return {
    notificationsDisabled: notifications.notificationsDisabled,
    id: r.id,
    email: r.email,
    name: r.name,
    status: r.status,
    profileStatus: r.profile_status,
    credits: r.credits,
    paidUser: r.paid_user,
    freeMessagesLeft: r.free_messages_left,
    signupDate: new Date(r.signup_date).toISOString(),
    language: r.language,
    sendWithEnter: r.send_with_enter,
    gender: r.gender,
    searchGender: r.search_gender,
    country: r.country,
    mainImage: r.main_filename
      ? {
          url: mediaUrl(r.main_filename),
          thumbUrl: mediaUrl(r.main_thumb_filename!),
          status: r.main_status ?? "active",
        }
      : null,
  };
}

/** §4: a language change while logged in is saved to the account; send-with-Enter (§9) too. */
export async function updateSettings(
  deps: AppDeps,
  userId: number,
  input: { language?: Locale; sendWithEnter?: boolean },
): Promise<CurrentUser> {
  await repo.updateUserSettings(deps.db, userId, {
    ...(input.language ? { language: input.language } : {}),
    ...(input.sendWithEnter !== undefined ? { send_with_enter: input.sendWithEnter } : {}),
  });
  return getCurrentUser(deps, userId);
}
