import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodType } from "zod";
import type { AppDeps } from "../deps.js";
import { AuthenticationRequiredError } from "../domain-error.js";
import { appCookiesOf, isSecureRequest, setAppCookie } from "../http/session-cookie.js";
import { resolveSession, type SessionMember } from "../features/accounts/sessions.service.js";
import { resolvePollMember, type PollMember } from "../features/accounts/poll.service.js";
import { addressLimitKey } from "../features/rate-limits/address-key.js";
import { normalizeHost } from "../features/site/site.service.js";

/** The member behind the request's `auth` cookie (the same session as the React app), or null. */
export async function memberOf(deps: AppDeps, req: FastifyRequest): Promise<SessionMember | null> {
  const { sessionToken } = appCookiesOf(req.headers);
  return sessionToken ? resolveSession(deps, sessionToken) : null;
}

/**
 * The logged-in member of a call that needs one.
 * @throws AuthenticationRequiredError (403 authentication_required, §4) when nobody is logged in;
 *         RateLimitedError (429) when the request's cookie names no session and its client address
 *         has used its polls up (notLoggedIn).
 */
export async function requireMember(deps: AppDeps, req: FastifyRequest): Promise<SessionMember> {
  const member = await memberOf(deps, req);
  if (!member) return notLoggedIn(deps, req);
  return member;
}

/**
 * Nobody is logged in. A cookie that names no session (made up, or expired) counts one poll
 * against the client address, so that made-up cookies are not a fresh allowance each
 * (legacy/index.ts refuses an address that has used its polls up before looking its cookie up).
 */
async function notLoggedIn(deps: AppDeps, req: FastifyRequest): Promise<never> {
  if (appCookiesOf(req.headers).sessionToken) await deps.rateLimits.consume("poll", `ip:${addressLimitKey(req.ip)}`);
  throw new AuthenticationRequiredError();
}

/** Parse input with a zod schema; a failure becomes a 400 with the reasons (legacyErrorHandler). */
export function parse<T>(schema: ZodType<T>, input: unknown): T {
  return schema.parse(input ?? {});
}

/**
 * Set a cookie with the app's attributes (server/http/session-cookie.ts), Secure over https.
 * `maxAgeSeconds` 0 deletes it.
 */
export function setCookie(
  deps: AppDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  name: string,
  value: string,
  maxAgeSeconds: number,
) {
  setAppCookie(reply, isSecureRequest(deps.config, req.raw), name, value, maxAgeSeconds);
}

/** Answers about one member, never to be stored by a shared cache. */
export function noStore(reply: FastifyReply): FastifyReply {
  return reply.header("cache-control", "no-store");
}

/**
 * How long (ms) a poll's ETag may stand for an answer whose parts change without an event of
 * the member (another member's name, photo or last-active time; a settings change in another
 * tab): the tag includes the window's number, so such changes show within this time. Longer
 * than the 60 s polling period (§4), or nearly every poll would cross a window; each member's
 * windows are offset by their id, so the renewals are spread out instead of all at once.
 */
export const POLL_ETAG_WINDOW_MS = 300_000;

/** Poll members already read for a request (by the address limit, legacy/index.ts): read once. */
const pollMembers = new WeakMap<FastifyRequest, PollMember>();

/**
 * The member of a poll's session cookie with their event seq, in one query, read once per
 * request (the address limit may have read it first).
 * @returns null when the request has no cookie, or one naming no live session.
 */
export async function findPollMember(deps: AppDeps, req: FastifyRequest): Promise<PollMember | null> {
  const known = pollMembers.get(req);
  if (known) return known;
  const { sessionToken } = appCookiesOf(req.headers);
  const member = sessionToken ? await resolvePollMember(deps, sessionToken) : null;
  if (member) pollMembers.set(req, member);
  return member;
}

/**
 * The member of a poll (chats.php, user.php, likes.php) with their event seq, in one query.
 * @throws AuthenticationRequiredError (403 authentication_required, §4) when nobody is logged in;
 *         RateLimitedError (429) as requireMember.
 */
export async function requirePollMember(deps: AppDeps, req: FastifyRequest): Promise<PollMember> {
  return (await findPollMember(deps, req)) ?? notLoggedIn(deps, req);
}

/**
 * Conditional polls (issue 13): the weak ETag of a member's `kind` answer is their event seq
 * (every message, read, like, credit and payment change of theirs raises it), their language
 * and premium state, the host asked (normalised: the site, whose settings shape the answer) and their
 * POLL_ETAG_WINDOW_MS window. When the request's If-None-Match
 * names it (weak comparison, or `*`), the answer is 304 with no body and `true` is returned: the
 * poll cost one query.
 * Otherwise the tag is set on the reply (private, revalidated each time) and `false` returned.
 */
export function answeredNotModified(
  req: FastifyRequest,
  reply: FastifyReply,
  kind: string,
  member: PollMember,
  now = Date.now(),
): boolean {
  const window = Math.floor((now + ((member.id * 7919) % POLL_ETAG_WINDOW_MS)) / POLL_ETAG_WINDOW_MS);
  // The host as routed (lower case, no port, no trailing dot): every spelling of a site shares one tag.
  const site = normalizeHost(req.headers.host) ?? "";
  const tag = `W/"${kind}.${member.id}.${member.eventSeq}.${member.language}.${member.paidUser ? 1 : 0}.${site}.${window}"`;
  reply.header("etag", tag).header("cache-control", "private, no-cache");
  // If-None-Match compares weakly (RFC 9110 13.1.2): W/"x" and "x" are the same tag, and "*"
  // matches the answer there is.
  const given = req.headers["if-none-match"];
  const opaque = tag.slice(2);
  if (given && given.split(",").some((t) => ["*", tag, opaque].includes(t.trim()))) {
    reply.code(304).send();
    return true;
  }
  return false;
}
