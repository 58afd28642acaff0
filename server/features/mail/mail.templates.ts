import type { I18n } from "@lingui/core";
import type { AppDeps } from "../../deps.js";
import type { Mail } from "../../infra/mailer.js";
import { getCurrentUser, type CurrentUser } from "../accounts/accounts.service.js";
import { getProfileSummaries } from "../members/members.service.js";
import {
  mayNotify,
  UNSUBSCRIBE_LINK_PURPOSE,
  type NotificationMailKind,
} from "../notifications/notifications.service.js";
import { getSiteForHost, siteOrigin } from "../site/site.service.js";
import { mailI18n } from "./mail.i18n.js";
import { MAIL_TEXT } from "./mail.messages.js";
import { signMailLink, type MailRenderer } from "./mail.service.js";

/** Kinds of mail in the outbox and their data. */
export type MailKind = "activation" | "account_deleted" | "email_changed" | "moderation_warning" | NotificationMailKind;

const NOTIFICATION_KINDS: readonly string[] = ["new_conversation", "new_message", "like", "match", "unread_reminder"];

/**
 * Render a claimed outbox row (mail.service MailRenderer) in the member's language (§1, the
 * same Lingui catalogs as the app), with the site's name, an HTML and a text part, the
 * List-Unsubscribe / List-Unsubscribe-Post headers (RFC 8058) and an unsubscribe link in the
 * body. Notification kinds are skipped when, by sending time, the member switched the
 * preference off, e-mail is disabled (§3), the account is pending deletion, or the other member
 * is no longer visible to them.
 */
export const renderOutboxMail: MailRenderer = async (deps, row) => {
  if (row.user_id === null) return { skip: "no member" };
  let user: CurrentUser;
  try {
    user = await getCurrentUser(deps, row.user_id);
  } catch {
    return { skip: "member gone" };
  }
  const site = await getSiteForHost(deps, row.site_domain);
  const origin = siteOrigin(site, deps.config);
  const i18n = await mailI18n(user.language);
  const data = (row.data ?? {}) as Record<string, unknown>;
  const base = {
    deps,
    i18n,
    to: row.to_address ?? user.email,
    userId: user.id,
    name: user.name,
    site: site.name,
    origin,
  };
  const t = (id: string, values: Record<string, unknown> = {}) => i18n._(id, { site: site.name, ...values });

  switch (row.kind) {
    case "activation": {
      if (typeof data.token !== "string") return { skip: "no token" };
      return composeMail({
        ...base,
        subject: t(MAIL_TEXT.activationSubject),
        paragraphs: [t(MAIL_TEXT.activationBody)],
        unsubscribe: false,
        button: {
          label: t(MAIL_TEXT.activationButton),
          url: `${origin}/activate?token=${encodeURIComponent(data.token)}`,
        },
      });
    }
    case "account_deleted": {
      if (typeof data.token !== "string") return { skip: "no token" };
      return composeMail({
        ...base,
        subject: t(MAIL_TEXT.deletedSubject),
        paragraphs: [t(MAIL_TEXT.deletedBody)],
        unsubscribe: false,
        settingsLink: false, // a pending deletion cannot log in: /notifications would not open
        button: {
          label: t(MAIL_TEXT.reactivateButton),
          url: `${origin}/reactivate?token=${encodeURIComponent(data.token)}`,
        },
      });
    }
    case "email_changed": {
      // To the old address (the row's to_address): the account's own address is the new one now.
      if (row.to_address === null || typeof data.newEmail !== "string") return { skip: "no addresses" };
      const supportContact = [site.support_email, site.support_phone].filter((c) => c && c.trim()).join(", ");
      return composeMail({
        ...base,
        subject: t(MAIL_TEXT.mailChangedSubject),
        // The only mail a member whose account was taken over gets: how to reach us (site settings).
        paragraphs: [
          t(MAIL_TEXT.mailChangedBody, { email: data.newEmail }),
          ...(supportContact ? [t(MAIL_TEXT.supportContact, { contact: supportContact })] : []),
        ],
        unsubscribe: false,
      });
    }
    case "moderation_warning": {
      const note = typeof data.note === "string" ? data.note.trim() : "";
      return composeMail({
        ...base,
        subject: t(MAIL_TEXT.warningSubject),
        paragraphs: note ? [t(MAIL_TEXT.warningBody), t(MAIL_TEXT.warningNote, { note })] : [t(MAIL_TEXT.warningBody)],
        unsubscribe: false,
      });
    }
  }
  if (!NOTIFICATION_KINDS.includes(row.kind)) return { skip: `unknown kind ${row.kind}` };
  const kind = row.kind as NotificationMailKind;
  if (user.status === "pending_deletion") return { skip: "account pending deletion" };
  if (!(await mayNotify(deps.db, user.id, kind))) return { skip: "preference off or e-mail disabled" };
  const fromId = Number(data.fromId);
  const from = (await getProfileSummaries(deps.db, user.id, [fromId], new Set([fromId]))).get(fromId);
  if (!from) return { skip: "the other member is hidden" };
  const chatUrl = `${origin}/chats/${Number(data.conversationId)}`;
  const v = { from: from.name };
  const parts: Record<NotificationMailKind, [string, string, { label: string; url: string }]> = {
    new_conversation: [
      t(MAIL_TEXT.newConversationSubject, v),
      t(MAIL_TEXT.newConversationBody, v),
      { label: t(MAIL_TEXT.readButton), url: chatUrl },
    ],
    new_message: [
      t(MAIL_TEXT.newMessageSubject, v),
      t(MAIL_TEXT.newMessageBody, v),
      { label: t(MAIL_TEXT.readButton), url: chatUrl },
    ],
    unread_reminder: [
      t(MAIL_TEXT.reminderSubject, v),
      t(MAIL_TEXT.reminderBody, v),
      { label: t(MAIL_TEXT.readButton), url: chatUrl },
    ],
    like: [
      t(MAIL_TEXT.likeSubject, v),
      t(MAIL_TEXT.likeBody, v),
      { label: t(MAIL_TEXT.likeButton), url: `${origin}/likes/received` },
    ],
    match: [
      t(MAIL_TEXT.matchSubject, v),
      t(MAIL_TEXT.matchBody, v),
      { label: t(MAIL_TEXT.matchButton), url: `${origin}/likes/m/${fromId}` },
    ],
  };
  const [subject, paragraph, button] = parts[kind];
  // §3: a fictional profile is labelled in mails too, with the site's warning or our own words.
  const fictionalNote = from.fictional ? site.fictional_warning || t(MAIL_TEXT.fictionalNote, v) : null;
  return composeMail({
    ...base,
    subject,
    paragraphs: fictionalNote ? [paragraph, fictionalNote] : [paragraph],
    button,
  });
};

/**
 * `url` with the mail's language in its query (`lang`), so that the page it opens is in that
 * language in a browser that has no locale cookie yet (http/locale-cookie.ts).
 * @param url an absolute URL on the site. @param locale one of the seven (§1).
 */
export function inLanguage(url: string, locale: string): string {
  const u = new URL(url);
  u.searchParams.set("lang", locale);
  return u.toString();
}

/**
 * One mail in the site's layout: greeting, paragraphs, at most one button (a link in the text
 * part), a footer with the unsubscribe and settings links; headers List-Unsubscribe (the one-click
 * HTTPS address and nothing else) and List-Unsubscribe-Post: List-Unsubscribe=One-Click (RFC 8058).
 * Every link is on `origin` (the configured site), in the mail's language (`inLanguage`).
 * - `unsubscribe: false` for a mail about the account itself (activation, deletion, a changed
 *   address, a warning): there is nothing to unsubscribe from, and a mail client's one-click button
 *   there would switch off the member's notifications instead.
 * - `settingsLink: false` for a mail to an account that cannot log in to open its settings
 *   (pending deletion, §4: the reactivation link is its one way back).
 * @returns the mail to queue (to, subject, text and HTML parts, headers).
 */
export function composeMail(m: {
  deps: Pick<AppDeps, "mailLinkSecret">;
  i18n: I18n;
  to: string;
  userId: number;
  name: string;
  site: string;
  origin: string;
  subject: string;
  paragraphs: string[];
  button?: { label: string; url: string };
  unsubscribe?: boolean;
  settingsLink?: boolean;
}): Mail {
  const unsubscribe = m.unsubscribe ?? true;
  const settingsLink = m.settingsLink ?? true;
  const token = signMailLink(m.deps, UNSUBSCRIBE_LINK_PURPOSE, m.userId);
  // The List-Unsubscribe header's URL is for the mail client's POST; the body's links open pages.
  const oneClick = `${m.origin}/mail/unsubscribe?token=${encodeURIComponent(token)}`;
  const unsubscribeLink = inLanguage(oneClick, m.i18n.locale);
  const settingsUrl = inLanguage(`${m.origin}/notifications`, m.i18n.locale);
  const button = m.button && { label: m.button.label, url: inLanguage(m.button.url, m.i18n.locale) };
  const t = (id: string, values: Record<string, unknown> = {}) => m.i18n._(id, { site: m.site, ...values });
  const greeting = t(MAIL_TEXT.greeting, { name: m.name });
  const footer = t(MAIL_TEXT.footer);
  const unsubscribeLabel = t(MAIL_TEXT.unsubscribe);
  const settingsLabel = t(MAIL_TEXT.settingsLink);
  const text = [
    greeting,
    "",
    ...m.paragraphs.flatMap((p) => [p, ""]),
    ...(button ? [`${button.label}: ${button.url}`, ""] : []),
    "-- ",
    `${m.site}: ${footer}`,
    ...(unsubscribe ? [`${unsubscribeLabel}: ${unsubscribeLink}`] : []),
    ...(settingsLink ? [`${settingsLabel}: ${settingsUrl}`] : []),
    "",
  ].join("\n");
  const e = escapeHtml;
  const footerLinks = [
    ...(unsubscribe ? [`<a href="${e(unsubscribeLink)}">${e(unsubscribeLabel)}</a>`] : []),
    ...(settingsLink ? [`<a href="${e(settingsUrl)}">${e(settingsLabel)}</a>`] : []),
  ];
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222;max-width:560px;margin:auto">
<h1 style="font-size:20px;color:#c2185b">${e(m.site)}</h1>
<p>${e(greeting)}</p>
${m.paragraphs.map((p) => `<p>${e(p)}</p>`).join("\n")}
${button ? `<p><a href="${e(button.url)}" style="display:inline-block;padding:10px 18px;background:#c2185b;color:#fff;text-decoration:none;border-radius:6px">${e(button.label)}</a></p>\n` : ""}<hr><p style="font-size:12px;color:#666">${e(footer)}${footerLinks.length ? `<br>${footerLinks.join(" · ")}` : ""}</p>
</body></html>`;
  return {
    to: m.to,
    subject: m.subject,
    text,
    html,
    ...(unsubscribe
      ? { headers: { "List-Unsubscribe": `<${oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } }
      : {}),
  };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
