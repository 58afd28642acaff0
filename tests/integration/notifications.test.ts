import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/server.js";
import { appCodeOf, eventually, failureOf, memberFactory, type MemberWithApi } from "../support/factories.js";
import { findMails } from "../../server/features/mail/mail.repository.js";
import { signMailReport } from "../../server/features/notifications/notifications.service.js";

/**
 * Issue 9: e-mail notifications (§3 preferences, notifications_disabled), the mail queue, the
 * one-click unsubscribe (RFC 8058) and the signed bounce / feedback-loop webhook.
 */
const t = useTestServer();
const member = memberFactory(t, { credits: 500 });

const queued = async (m: { id: number }, kind?: string) =>
  (await findMails(t.server.deps.db, { userId: m.id, ...(kind ? { kind } : {}) })).length;

const send = (from: MemberWithApi, to: { id: number }, body = "hello") =>
  from.api.chats.send({ toProfileId: to.id, clientId: crypto.randomUUID(), body });

describe("preferences decide which mails are queued (§3)", () => {
  it("a new conversation, then at most one new-message mail per conversation until it is read", async () => {
    const a = await member();
    const b = await member();
    const first = await send(a, b);
    expect(await queued(b, "new_conversation")).toBe(1);
    await send(a, b, "second");
    await send(a, b, "third");
    expect(await queued(b, "new_message")).toBe(0); // batched: not read yet
    await b.api.chats.markRead({ conversationId: first.message.conversationId });
    await send(a, b, "after reading");
    expect(await queued(b, "new_message")).toBe(1);

    // Switched off: nothing more is queued for messages.
    await b.api.notifications.update({ preferences: { new_messages: false } });
    await b.api.chats.markRead({ conversationId: first.message.conversationId });
    await send(a, b, "not mailed");
    expect(await queued(b, "new_message")).toBe(1);

    // The mail went out, with the unsubscribe headers and a link in the body.
    const mail = await eventually(
      () => t.server.mailer.sent.find((m) => m.to === b.email && m.subject.includes(a.name)),
      { what: "the new-conversation mail" },
    );
    expect(mail.headers?.["List-Unsubscribe"]).toMatch(/^<http.*\/mail\/unsubscribe\?token=\d+\.[\w-]{43}>$/);
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.text).toContain("/mail/unsubscribe?token=");
    expect(mail.html).toContain("/mail/unsubscribe?token=");
    expect(mail.subject).toContain("Amora");
  });

  it("likes and matches are mailed only with the like preference on", async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    await a.api.likes.like({ profileId: b.id });
    expect(await queued(b, "like")).toBe(1);
    await b.api.likes.like({ profileId: a.id }); // a match: a (who liked first) is told
    expect(await queued(a, "match")).toBe(1);
    await b.api.notifications.update({ preferences: { like: false } });
    await c.api.likes.like({ profileId: b.id });
    expect(await queued(b, "like")).toBe(1);
    const s = await b.api.notifications.settings();
    expect(s.preferences).toMatchObject({ like: false, new_messages: true, promotions: true });
    expect(Object.keys(s.preferences)).toHaveLength(8);
  });

  it("a queued mail whose preference is switched off before sending is skipped", async () => {
    const a = await member();
    const b = await member();
    await t.server.deps.db.transaction().execute(async (tx) => {
      const { queueNotificationInTx } = await import("../../server/features/notifications/notifications.service.js");
      await queueNotificationInTx(tx, { kind: "like", userId: b.id, fromId: a.id });
      await tx
        .insertInto("notification_settings")
        .values({ user_id: b.id, like: false, updated_at: new Date() })
        .execute();
    });
    const { kickMailWorker } = await import("../../server/features/mail/mail.service.js");
    await kickMailWorker(t.server.deps);
    const rows = await eventually(async () => {
      const r = await findMails(t.server.deps.db, { userId: b.id, kind: "like" });
      return r.every((x) => x.status !== "pending") ? r : null;
    });
    expect(rows.map((r) => r.status)).toEqual(["skipped"]);
  });
});

describe("unread-message reminder after 24 h (§3 unread_message_reminders)", () => {
  it("is queued once per unread streak, 24 h after the first unread message, only with the preference on", async () => {
    const { queueUnreadReminders } = await import("../../server/features/notifications/notifications.service.js");
    const a = await member();
    const b = await member();
    const c = await member();
    await send(a, b);
    await send(c, b);
    await b.api.notifications.update({ preferences: { unread_message_reminders: true } });
    const hours = (h: number) => () => new Date(Date.now() + h * 3600_000);
    await queueUnreadReminders(t.server.deps, hours(23));
    expect(await queued(b, "unread_reminder")).toBe(0);
    await queueUnreadReminders(t.server.deps, hours(25));
    expect(await queued(b, "unread_reminder")).toBe(2);
    await queueUnreadReminders(t.server.deps, hours(26));
    expect(await queued(b, "unread_reminder")).toBe(2); // once per streak

    const d = await member();
    const e = await member();
    await e.api.notifications.update({ preferences: { unread_message_reminders: false } });
    await send(d, e);
    await queueUnreadReminders(t.server.deps, hours(25));
    expect(await queued(e, "unread_reminder")).toBe(0);
  });
});

describe("unsubscribe and bounces set notifications_disabled (§3)", () => {
  async function userPhp(m: { sessionToken: string }) {
    const res = await fetch(`${t.server.url}/api/user.php`, { headers: { cookie: `auth=${m.sessionToken}` } });
    return ((await res.json()) as { user: { notifications_disabled: string | null } }).user;
  }

  it("one-click unsubscribe (RFC 8058) without login: listunsubscribe; nothing more is queued; re-enabling clears it", async () => {
    const a = await member();
    const b = await member();
    await a.api.likes.like({ profileId: b.id });
    const mail = await eventually(() => t.server.mailer.sent.find((m) => m.to === b.email && m.headers));
    const url = /^<(.*)>$/.exec(mail.headers!["List-Unsubscribe"]!)![1]!;
    const local = url.replace(/^https?:\/\/[^/]+/, t.server.url);

    // A GET (link scanners) changes nothing: it leads to the page that asks.
    const get = await fetch(local, { redirect: "manual" });
    expect(get.status).toBe(303);
    expect(get.headers.get("location")).toMatch(/^\/unsubscribe\?token=/);
    // The body's link names the mail's language, which the page it leads to keeps.
    const bodyLink = /(https?:\/\/\S+\/mail\/unsubscribe\?token=\S+&lang=en)\b/.exec(mail.text)![1]!;
    const viaBody = await fetch(bodyLink.replace(/^https?:\/\/[^/]+/, t.server.url), { redirect: "manual" });
    expect(viaBody.headers.get("location")).toMatch(/^\/unsubscribe\?token=[^&]+&lang=en$/);
    expect(await userPhp(b)).toMatchObject({ notifications_disabled: null });

    const post = await fetch(local, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(post.status).toBe(200);
    expect(await userPhp(b)).toMatchObject({ notifications_disabled: "listunsubscribe" });
    expect((await b.api.accounts.me())?.notificationsDisabled).toBe("listunsubscribe");
    const before = await queued(b);
    await (await member()).api.likes.like({ profileId: b.id });
    expect(await queued(b)).toBe(before);

    const s = await b.api.notifications.update({ enableNotifications: true });
    expect(s.notificationsDisabled).toBeNull();
    expect(await userPhp(b)).toMatchObject({ notifications_disabled: null });
  });

  it("the tRPC unsubscribe (the page's button) works without login; a forged token is refused, nothing written", async () => {
    const b = await member();
    const token = (await import("../../server/features/mail/mail.service.js")).signMailLink(
      t.server.deps,
      "unsubscribe",
      b.id,
    );
    const visitor = await (await import("../support/factories.js")).callerFor(t.server.deps, null);
    const forged = `${b.id}.${"A".repeat(43)}`;
    expect(appCodeOf(await failureOf(visitor.notifications.unsubscribe({ token: forged })))).toBe("LINK_INVALID");
    expect((await b.api.notifications.settings()).notificationsDisabled).toBeNull();
    const other = `${b.id + 1}.${token.split(".")[1]}`; // another member's id with b's signature
    expect(appCodeOf(await failureOf(visitor.notifications.unsubscribe({ token: other })))).toBe("LINK_INVALID");
    await visitor.notifications.unsubscribe({ token });
    expect((await b.api.notifications.settings()).notificationsDisabled).toBe("listunsubscribe");
    const bad = await fetch(`${t.server.url}/mail/unsubscribe?token=${encodeURIComponent(forged)}`, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
    });
    expect(bad.status).toBe(400);
  });

  async function report(body: unknown, opts: { secret?: string; at?: number; raw?: string } = {}) {
    const raw = opts.raw ?? JSON.stringify(body);
    const sig = signMailReport(opts.secret ?? t.server.deps.mailWebhookSecret, raw, opts.at);
    return fetch(`${t.server.url}/webhooks/mail`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-mail-signature": sig },
      body: raw,
    });
  }

  it("a signed hard bounce sets bounce, a complaint fbl; soft bounces are ignored", async () => {
    const b = await member();
    const c = await member();
    const soft = await report({ type: "bounce", bounce_type: "soft", email: b.email });
    expect(await soft.json()).toMatchObject({ result: "ignored" });
    expect(await userPhp(b)).toMatchObject({ notifications_disabled: null });
    expect((await report({ type: "bounce", bounce_type: "hard", email: b.email.toUpperCase() })).status).toBe(200);
    expect(await userPhp(b)).toMatchObject({ notifications_disabled: "bounce" });
    expect((await report({ type: "complaint", email: c.email })).status).toBe(200);
    expect(await userPhp(c)).toMatchObject({ notifications_disabled: "fbl" });
    expect(await (await report({ type: "complaint", email: "nobody@example.com" })).json()).toMatchObject({
      result: "unknown_address",
    });
  });

  it("refuses a bad signature (401), an old one (401) and a bad body (400), writing nothing", async () => {
    const b = await member();
    expect((await report({ type: "complaint", email: b.email }, { secret: "x".repeat(32) })).status).toBe(401);
    expect((await report({ type: "complaint", email: b.email }, { at: Date.now() - 3600_000 })).status).toBe(401);
    const unsigned = await fetch(`${t.server.url}/webhooks/mail`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ type: "complaint", email: b.email }),
    });
    expect(unsigned.status).toBe(401);
    for (const raw of [
      "{",
      "[]",
      '{"type":"complaint"}',
      '{"type":"x","email":"a@b.c"}',
      "\u0000",
      '{"type":"bounce","email":"a@b.c","bounce_type":7}',
    ])
      expect((await report(null, { raw })).status).toBe(400);
    expect(await userPhp(b)).toMatchObject({ notifications_disabled: null });
  });
});

describe("hostile input on the notification procedures: 4xx, never 500, nothing written", () => {
  const naughty = [
    "",
    " ",
    "\u0000",
    "\ud800",
    "a".repeat(10_000),
    "<script>",
    "1; drop table users",
    "../../etc/passwd",
    "1.",
    "٣.x",
  ];
  it("update and unsubscribe refuse bad input with VALIDATION or LINK_INVALID", async () => {
    const b = await member();
    for (const v of [...naughty, 1, -1, Number.MAX_VALUE * 2, null, {}, []]) {
      const e1 = await failureOf(b.api.notifications.update({ preferences: { like: v } } as never));
      expect(appCodeOf(e1)).toBe("VALIDATION");
      const e2 = await failureOf(b.api.notifications.update({ preferences: { [String(v)]: true } } as never));
      expect(appCodeOf(e2)).toBe("VALIDATION");
      const e3 = await failureOf(b.api.notifications.unsubscribe({ token: v } as never));
      expect(["VALIDATION", "LINK_INVALID"]).toContain(appCodeOf(e3));
    }
    expect(appCodeOf(await failureOf(b.api.notifications.update({ enableNotifications: false } as never)))).toBe(
      "VALIDATION",
    );
    expect(await b.api.notifications.settings()).toEqual({
      preferences: {
        new_conversations: true,
        new_messages: true,
        like: true,
        unread_message_reminders: true,
        promotions: true,
        weekly_updates: true,
        news: true,
        reminders: true,
      },
      notificationsDisabled: null,
    });
  });
});
