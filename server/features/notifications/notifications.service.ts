import crypto from "node:crypto";
import type { DB, Tx } from "../../../db/create-db.js";
import type { NotificationsDisabledReason } from "../../../db/database.js";
import type { AppDeps } from "../../deps.js";
import { DomainError } from "../../domain-error.js";
import { enqueueMail, verifyMailLink } from "../mail/mail.service.js";
import * as repo from "./notifications.repository.js";
import type { NotificationPreferences } from "./notifications.schema.js";

/** §3 Notification preferences (e-mail), in the spec's order. */
export const NOTIFICATION_PREFERENCES = [
  "new_conversations",
  "new_messages",
  "like",
  "unread_message_reminders",
  "promotions",
  "weekly_updates",
  "news",
  "reminders",
] as const;
export type NotificationPreference = (typeof NOTIFICATION_PREFERENCES)[number];

/** The member's §3 preferences and, when e-mail is switched off, why (§3 notifications_disabled). */
export interface NotificationSettings {
  preferences: NotificationPreferences;
  notificationsDisabled: NotificationsDisabledReason | null;
}

/** The purpose of the signed unsubscribe token (mail.service signMailLink). */
export const UNSUBSCRIBE_LINK_PURPOSE = "unsubscribe";

/**
 * The member's e-mail notification settings (§2 /notifications, §3).
 * @returns every preference (on unless switched off) and the disabled reason or null.
 */
export async function getNotificationSettings(
  deps: Pick<AppDeps, "db">,
  userId: number,
): Promise<NotificationSettings> {
  return toSettings(await repo.findSettings(deps.db, userId));
}

function toSettings(row: Awaited<ReturnType<typeof repo.findSettings>>): NotificationSettings {
  const preferences = Object.fromEntries(
    NOTIFICATION_PREFERENCES.map((k) => [k, row ? row[k] : true]),
  ) as NotificationPreferences;
  return { preferences, notificationsDisabled: row?.notifications_disabled ?? null };
}

/**
 * Save some preferences (§2 /notifications saves each switch at once). `enableNotifications`
 * clears notifications_disabled (§3): the member switches e-mail back on after an unsubscribe,
 * a bounce or a complaint.
 * @returns the settings as saved.
 */
export async function updateNotificationSettings(
  deps: Pick<AppDeps, "db">,
  userId: number,
  input: { preferences?: Partial<NotificationPreferences>; enableNotifications?: boolean },
): Promise<NotificationSettings> {
  await repo.upsertSettings(deps.db, userId, {
    ...(input.preferences ?? {}),
    ...(input.enableNotifications ? { notifications_disabled: null } : {}),
  });
  return getNotificationSettings(deps, userId);
}

/** Which preference lets which notification mail through. */
const PREFERENCE_OF: Record<NotificationMailKind, NotificationPreference> = {
  new_conversation: "new_conversations",
  new_message: "new_messages",
  like: "like",
  match: "like",
  unread_reminder: "unread_message_reminders",
};
export type NotificationMailKind = "new_conversation" | "new_message" | "like" | "match" | "unread_reminder";

/** Whether `kind` may be mailed to the member now: its preference on, e-mail not disabled. */
export async function mayNotify(db: DB | Tx, userId: number, kind: NotificationMailKind): Promise<boolean> {
  const s = toSettings(await repo.findSettings(db, userId));
  return s.notificationsDisabled === null && s.preferences[PREFERENCE_OF[kind]];
}

/**
 * Queue a notification mail in the caller's transaction, when the member's preference for it is
 * on and e-mail is not disabled (§3); the mail worker sends it after commit. A queued mail
 * whose preference is switched off before it goes is skipped at sending time.
 * @returns whether a mail was queued.
 */
export async function queueNotificationInTx(
  tx: DB | Tx,
  n: {
    kind: NotificationMailKind;
    userId: number;
    fromId: number;
    conversationId?: number;
    siteDomain?: string | null;
    dedupeKey?: string;
  },
): Promise<boolean> {
  if (!(await mayNotify(tx, n.userId, n.kind))) return false;
  const id = await enqueueMail(tx, {
    kind: n.kind,
    userId: n.userId,
    siteDomain: n.siteDomain ?? null,
    data: { fromId: n.fromId, ...(n.conversationId ? { conversationId: n.conversationId } : {}) },
    dedupeKey: n.dedupeKey ?? null,
  });
  return id !== null;
}

export class UnsubscribeLinkInvalidError extends DomainError {
  constructor() {
    super("LINK_INVALID", "Link expired or invalid, request a new email."); // §8
  }
}

/**
 * Unsubscribe without login (RFC 8058 one-click, or the link in the mail's body): the signed
 * token names the member; notifications_disabled becomes listunsubscribe (§3). Idempotent.
 * @throws UnsubscribeLinkInvalidError for a malformed or forged token (nothing written).
 */
export async function unsubscribe(deps: Pick<AppDeps, "db" | "mailLinkSecret">, token: string): Promise<void> {
  const userId = verifyMailLink(deps, UNSUBSCRIBE_LINK_PURPOSE, token);
  if (userId === null) throw new UnsubscribeLinkInvalidError();
  const exists = await repo.findUserIdById(deps.db, userId);
  if (!exists) throw new UnsubscribeLinkInvalidError();
  await repo.setDisabled(deps.db, userId, "listunsubscribe");
}

/** The signature header of the mail webhook: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const MAIL_WEBHOOK_SIGNATURE_HEADER = "x-mail-signature";
/** A report signed longer ago than this (or this far in the future) is refused as a replay. */
export const MAIL_WEBHOOK_TOLERANCE_SECONDS = 300;

export class MailWebhookRejectedError extends Error {
  constructor(readonly reason: "bad_signature" | "bad_payload") {
    super(reason);
  }
}

/** A bounce or feedback-loop report, as the webhook accepts it (README "Mail webhook"). */
export interface MailReport {
  type: "bounce" | "complaint";
  email: string;
  /** Bounces: only a hard (permanent) bounce switches e-mail off; soft ones are ignored. */
  bounceType?: "hard" | "soft";
}

/**
 * A bounce / feedback-loop report from the mail provider (POST /webhooks/mail): verify the
 * signature over the raw body and its timestamp, then set notifications_disabled = bounce (hard
 * bounce) or fbl (complaint) for the member with that address (§3).
 * @returns what was applied: "disabled", "ignored" (soft bounce) or "unknown_address".
 * @throws MailWebhookRejectedError bad_signature (401) or bad_payload (400); nothing written.
 */
export async function handleMailReport(
  deps: Pick<AppDeps, "db" | "mailWebhookSecret">,
  rawBody: Buffer,
  signatureHeader: string | string[] | undefined,
  nowMs = Date.now(),
): Promise<"disabled" | "ignored" | "unknown_address"> {
  if (!signatureValid(deps.mailWebhookSecret, rawBody, signatureHeader, nowMs))
    throw new MailWebhookRejectedError("bad_signature");
  let report: MailReport;
  try {
    report = parseReport(JSON.parse(rawBody.toString("utf8")));
  } catch {
    throw new MailWebhookRejectedError("bad_payload");
  }
  if (report.type === "bounce" && report.bounceType === "soft") return "ignored";
  const userId = await repo.findUserIdByEmail(deps.db, report.email);
  if (userId === null) return "unknown_address";
  await repo.setDisabled(deps.db, userId, report.type === "bounce" ? "bounce" : "fbl");
  return "disabled";
}

function parseReport(v: unknown): MailReport {
  const o = v as Record<string, unknown>;
  if (!o || typeof o !== "object") throw new Error("not an object");
  if (o.type !== "bounce" && o.type !== "complaint") throw new Error("type");
  if (typeof o.email !== "string" || o.email.length > 254 || !/^[^\s@]+@[^\s@]+$/.test(o.email))
    throw new Error("email");
  const bounceType = o.bounce_type ?? o.bounceType;
  if (bounceType !== undefined && bounceType !== "hard" && bounceType !== "soft") throw new Error("bounce_type");
  return { type: o.type, email: o.email, ...(bounceType ? { bounceType } : {}) };
}

/** Sign a mail report as the webhook expects it (for the provider adapter and tests). */
export function signMailReport(secret: string, rawBody: Buffer | string, nowMs = Date.now()): string {
  const t = Math.floor(nowMs / 1000);
  const mac = crypto.createHmac("sha256", secret).update(`${t}.`).update(rawBody).digest("hex");
  return `t=${t},v1=${mac}`;
}

function signatureValid(secret: string, raw: Buffer, header: string | string[] | undefined, nowMs: number): boolean {
  if (typeof header !== "string" || header.length > 200) return false;
  const m = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header);
  if (!m) return false;
  const t = Number(m[1]);
  if (Math.abs(nowMs / 1000 - t) > MAIL_WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signMailReport(secret, raw, t * 1000));
  const given = Buffer.from(header);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

/** §3 unread_message_reminders: a reminder for messages unread this long (24 h). */
export const UNREAD_REMINDER_AFTER_SECONDS = 24 * 3600;

/**
 * Queue the unread-message reminders that are due at `now` (§3 unread_message_reminders): one
 * per conversation and unread streak (dedupe key on the first unread message), for messages
 * unread UNREAD_REMINDER_AFTER_SECONDS, when the preference is on.
 * @returns how many reminders were queued.
 */
export async function queueUnreadReminders(deps: Pick<AppDeps, "db">, now: () => Date = () => new Date()) {
  const cutoff = new Date(now().getTime() - UNREAD_REMINDER_AFTER_SECONDS * 1000);
  let queued = 0;
  for (const r of await repo.findUnreadSince(deps.db, cutoff, 500)) {
    const ok = await queueNotificationInTx(deps.db, {
      kind: "unread_reminder",
      userId: r.user_id,
      fromId: r.other_user_id,
      conversationId: r.conversation_id,
      dedupeKey: `unread_reminder:${r.user_id}:${r.conversation_id}:${r.last_read_seq}`,
    });
    if (ok) queued += 1;
  }
  return queued;
}
