import { request } from "undici";
import webpush from "web-push";
import type { AppDeps } from "../../deps.js";
import type { Config } from "../../config.js";
import { inTransaction, type DB, type Tx } from "../../../db/create-db.js";
import type { MailOutboxRow, PushState } from "../../../db/database.js";
import { DomainError } from "../../domain-error.js";
import { getCurrentUser } from "../accounts/accounts.service.js";
import { getCounters } from "../live/live.counters.js";
import { enqueueMail } from "../mail/mail.service.js";
import { mailI18n } from "../mail/mail.i18n.js";
import { getProfileSummaries } from "../members/members.service.js";
import { resolveGeneratedSecret } from "../secrets/secrets.service.js";
import { getSiteForHost } from "../site/site.service.js";
import { PUSH_TEXT } from "./push.messages.js";
import type { PushSubscriptionInput } from "./push.schema.js";
import * as repo from "./push.repository.js";
import { endpointAllowed, PushAddressRefusedError } from "./push-endpoint.js";

/**
 * Web Push (issue 11; §2 push prompt, §4 push subscription states): subscriptions sent by the
 * browser are stored here; a new message, like or match for a member with no open tab (no live
 * subscription on any instance, infra/presence.ts) is queued in the outbox of mails (channel
 * 'push', in the transaction of what caused it) and sent after commit by the mail workers,
 * encrypted for each of the member's browsers (RFC 8291, aes128gcm) and signed with the site's
 * VAPID key (RFC 8292) through the `web-push` package. Dead subscriptions (404/410) are deleted.
 */

/** The server's VAPID key pair and contact: configured, or generated once and kept in server_secrets. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * The VAPID keys (ARCHITECTURE "The edge": no secret has a built-in value): VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY when both are set; else a pair generated on the first start and stored in the
 * database, so every instance signs with the same key. Subject: VAPID_SUBJECT, else mailto: the
 * address of MAIL_FROM.
 * @throws Error when only one of the two keys is configured, or a configured key is not a P-256 key.
 */
export async function resolveVapidKeys(
  db: DB,
  config: Pick<Config, "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY" | "VAPID_SUBJECT" | "MAIL_FROM">,
): Promise<VapidKeys> {
  const subject = config.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM}`;
  let keys: { publicKey: string; privateKey: string };
  if (config.VAPID_PUBLIC_KEY || config.VAPID_PRIVATE_KEY) {
    if (!config.VAPID_PUBLIC_KEY || !config.VAPID_PRIVATE_KEY)
      throw new Error("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither");
    keys = { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  } else {
    const stored = await resolveGeneratedSecret(db, "vapid_keys", () => JSON.stringify(webpush.generateVAPIDKeys()));
    keys = JSON.parse(stored) as { publicKey: string; privateKey: string };
  }
  // Throws for a key that is not a P-256 point / scalar of the right length.
  webpush.getVapidHeaders("https://push.example", subject, keys.publicKey, keys.privateKey, "aes128gcm");
  return { ...keys, subject };
}

/** Browsers a member receives pushes in at once: a newer subscription replaces the oldest. */
export const PUSH_SUBSCRIPTIONS_PER_MEMBER = 10;

export class PushEndpointInsecureError extends DomainError {
  constructor() {
    super("VALIDATION", "The push endpoint must be the https URL of a push service");
  }
}

/**
 * §4 push subscription, sent to the account when logged in (§7 POST /api/user.php?push=1, tRPC
 * push.subscribe): a subscription is stored (a member may have several browsers, the newest
 * PUSH_SUBSCRIPTIONS_PER_MEMBER are kept; an endpoint already stored moves to this member when
 * it comes with the same browser key); false means the member is not subscribed (their
 * subscriptions are dropped); 'denied' is recorded as denied (§4) and drops them too.
 * A subscription belongs to the session it is sent from and ends with it (logout, a password
 * reset, suspension, expiry): the device then gets no more of this member's pushes.
 * @param member the member and the session the call came with (SessionMember).
 * @returns the member's push state afterwards: 'subscribed', 'not_subscribed' or 'denied'.
 * @throws PushEndpointInsecureError (VALIDATION) for an endpoint that is not https on a public host
 *         name (push-endpoint.ts: no IP literal, no local name; http only on 127.0.0.1 / localhost
 *         with PUSH_ALLOW_LOOPBACK_HTTP, for tests).
 */
export async function savePushSubscription(
  deps: Pick<AppDeps, "db" | "config">,
  member: { id: number; sessionId: string },
  input: PushSubscriptionInput,
): Promise<PushState> {
  const userId = member.id;
  const sub = input.subscription;
  if (typeof sub === "object" && !endpointAllowed(sub.endpoint, deps.config.PUSH_ALLOW_LOOPBACK_HTTP))
    throw new PushEndpointInsecureError();
  const state: PushState = sub === false ? "not_subscribed" : sub === "denied" ? "denied" : "subscribed";
  await inTransaction(deps.db, async (tx) => {
    if (typeof sub === "object") {
      await repo.upsertSubscription(
        tx,
        {
          user_id: userId,
          session_id: member.sessionId,
          endpoint: sub.endpoint,
          p256dh: sub.keys.p256dh,
          auth: sub.keys.auth,
          expiration_time: sub.expirationTime ? new Date(sub.expirationTime) : null,
        },
        PUSH_SUBSCRIPTIONS_PER_MEMBER,
      );
    } else {
      await repo.deleteSubscriptionsOf(tx, userId);
    }
    await repo.setState(tx, userId, state);
  });
  return state;
}

/** The member's §4 push state as last recorded: 'subscribed', 'not_subscribed', 'denied', or null (never asked). */
export function getPushState(deps: Pick<AppDeps, "db">, userId: number): Promise<PushState | null> {
  return repo.findState(deps.db, userId);
}

/** What a push is about. */
export type PushKind = "message" | "like" | "match";

/** A push to queue: its kind, its recipient, the other member, and the conversation of a message. */
export interface QueuedPush {
  kind: PushKind;
  userId: number;
  fromId: number;
  conversationId?: number;
  /** The site (domain) the push speaks for; default the default site. */
  siteDomain?: string | null;
  /** At most one push per key, ever (the outbox's dedupe key; keep it apart from the mails' keys). */
  dedupeKey?: string;
}

/**
 * Queue a push in the caller's transaction (outbox channel 'push'), when the member has a
 * subscription. The caller checks first that the member has no open tab (isMemberOnline, before
 * its transaction); the worker checks again at sending time. Kick the mail worker after commit.
 * @returns whether a push was queued (false: no subscription, or its dedupe key was queued before).
 */
export async function queuePushInTx(tx: DB | Tx, push: QueuedPush): Promise<boolean> {
  if (!(await repo.hasSubscription(tx, push.userId))) return false;
  const id = await enqueueMail(tx, {
    channel: "push",
    kind: push.kind,
    userId: push.userId,
    siteDomain: push.siteDomain ?? null,
    data: { fromId: push.fromId, ...(push.conversationId ? { conversationId: push.conversationId } : {}) },
    dedupeKey: push.dedupeKey ?? null,
  });
  return id !== null;
}

/**
 * Whether the member has an open tab on any instance (infra/presence.ts). When presence cannot be
 * read (Redis down), false: a push too many rather than one missing.
 */
export async function isMemberOnline(deps: Pick<AppDeps, "presence" | "log">, userId: number): Promise<boolean> {
  try {
    return await deps.presence.isOnline(userId);
  } catch (err) {
    deps.log.warn({ err, userId }, "presence unknown: treating the member as offline");
    return false;
  }
}

/** A push older than this is not worth sending (also its TTL at the push service), seconds. */
export const PUSH_TTL_SECONDS = 4 * 3600;
/** How long one push service may take to answer, ms. */
const PUSH_TIMEOUT_MS = 10_000;

/** What the service worker receives (kept small: no message text, nothing secret). */
export interface PushPayload {
  /** Notification title: the site's name. */
  title: string;
  /** Notification text, in the member's language. */
  body: string;
  /** Path to open on click (the chat, the received likes, the match). */
  url: string;
  /** Notifications with one tag replace each other (one per conversation / kind). */
  tag: string;
  /** Unread messages plus new likes: the app badge (§2). */
  badge: number;
}

/**
 * Send one claimed outbox push (mail.service OutboxDeliverer): to every subscription of the
 * member, encrypted per RFC 8291 and signed with VAPID. Skipped when too old (PUSH_TTL_SECONDS),
 * the member is gone, pending deletion, now has an open tab, has no subscription left, or the
 * other member is no longer visible to them. A subscription answered 404 or 410 is deleted.
 * @returns sent when at least one push service accepted it.
 * @throws when every subscription failed for another reason (the worker retries).
 */
export async function deliverOutboxPush(deps: AppDeps, row: MailOutboxRow): Promise<{ sent: true } | { skip: string }> {
  if (row.user_id === null) return { skip: "no member" };
  if (Date.now() - new Date(row.created_at).getTime() > PUSH_TTL_SECONDS * 1000) return { skip: "too old" };
  const userId = row.user_id;
  if (await isMemberOnline(deps, userId)) return { skip: "the member has an open tab" };
  const subscriptions = await repo.findSubscriptions(deps.db, userId);
  if (subscriptions.length === 0) return { skip: "no subscription" };
  let user;
  try {
    user = await getCurrentUser(deps, userId);
  } catch {
    return { skip: "member gone" };
  }
  if (user.status === "pending_deletion") return { skip: "account pending deletion" };
  const data = (row.data ?? {}) as { fromId?: number; conversationId?: number };
  const fromId = Number(data.fromId);
  const from = (await getProfileSummaries(deps.db, userId, [fromId], new Set([fromId]))).get(fromId);
  if (!from) return { skip: "the other member is hidden" };
  const [site, i18n, counters] = await Promise.all([
    getSiteForHost(deps, row.site_domain),
    mailI18n(user.language),
    getCounters(deps, userId),
  ]);
  const kind = row.kind as PushKind;
  const payload: PushPayload = {
    title: site.name,
    body: i18n._(PUSH_TEXT[kind] ?? PUSH_TEXT.message, { from: from.name }),
    url:
      kind === "like"
        ? "/likes/received"
        : kind === "match"
          ? `/likes/m/${fromId}`
          : `/chats/${Number(data.conversationId)}`,
    tag: kind === "message" ? `chat-${Number(data.conversationId)}` : `${kind}-${fromId}`,
    badge: counters.unreadMessages + counters.newLikes,
  };
  const body = JSON.stringify(payload);
  let accepted = 0;
  const failures: string[] = [];
  for (const s of subscriptions) {
    const result = await sendOne(deps, { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, body, {
      urgency: kind === "message" ? "high" : "normal",
      topic: payload.tag,
    });
    if (result === "sent") accepted += 1;
    else if (result === "gone") {
      await repo.deleteSubscription(deps.db, s.id);
      deps.metrics.pushSent.labels("gone").inc();
    } else failures.push(result.error);
  }
  if (accepted > 0 || failures.length === 0) {
    return accepted > 0 ? { sent: true } : { skip: "every subscription was gone" };
  }
  throw new Error(`push not accepted: ${failures.join("; ")}`.slice(0, 500));
}

/**
 * POST one encrypted push to its push service. The request (headers, aes128gcm body, VAPID JWT) is
 * built by web-push's generateRequestDetails and sent with undici through deps.pushAgent, whose
 * connections go only to public addresses checked as they connect (push-endpoint.ts: no second
 * DNS answer between check and connection); redirects are not followed. web-push's own sender
 * speaks only https, and a test's local push service is http on 127.0.0.1.
 * @returns "sent" (2xx), "gone" (404/410: the subscription is dead), or the reason of a failure
 *   (another status, a refused address, a network error or PUSH_TIMEOUT_MS passed).
 */
async function sendOne(
  deps: AppDeps,
  subscription: webpush.PushSubscription,
  body: string,
  opts: { urgency: webpush.Urgency; topic: string },
): Promise<"sent" | "gone" | { error: string }> {
  const details = webpush.generateRequestDetails(subscription, body, {
    vapidDetails: deps.vapid,
    TTL: PUSH_TTL_SECONDS,
    urgency: opts.urgency,
    topic: opts.topic.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32),
    contentEncoding: "aes128gcm",
  });
  // Stored endpoints passed this when subscribing; the rules may have tightened since.
  if (!endpointAllowed(details.endpoint, deps.config.PUSH_ALLOW_LOOPBACK_HTTP)) {
    deps.metrics.pushSent.labels("failed").inc();
    return { error: "the push endpoint is not an https push service" };
  }
  try {
    const res = await request(details.endpoint, {
      method: "POST",
      headers: details.headers as Record<string, string>,
      body: details.body ?? undefined,
      dispatcher: deps.pushAgent.dispatcherFor(details.endpoint),
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    await res.body.dump();
    if (res.statusCode >= 200 && res.statusCode < 300) {
      deps.metrics.pushSent.labels("sent").inc();
      return "sent";
    }
    if (res.statusCode === 404 || res.statusCode === 410) return "gone";
    deps.metrics.pushSent.labels("failed").inc();
    return { error: `push service answered ${res.statusCode}` };
  } catch (err) {
    deps.metrics.pushSent.labels("failed").inc();
    if (err instanceof PushAddressRefusedError)
      deps.log.warn({ err }, "push not sent: the endpoint's address is refused");
    return { error: String((err as Error)?.message ?? err) };
  }
}
