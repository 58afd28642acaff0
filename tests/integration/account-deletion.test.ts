import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { useTestServer } from "../support/server.js";
import { uploadPhoto as uploadOnePhoto } from "../support/photos.js";
import { TestBrowser } from "../support/client.js";
import {
  appCodeOf,
  callerFor,
  DEFAULT_PASSWORD,
  eventually,
  failureOf,
  memberFactory,
  signupFields,
  type MemberWithApi,
} from "../support/factories.js";
import { purgeExpiredAccounts, reactivate } from "../../server/features/account-deletion/deletion.service.js";
import { createSession } from "../../server/features/accounts/sessions.service.js";
import { ACCOUNT_REACTIVATION_WINDOW_SECONDS } from "../../server/constants.js";

/**
 * Issue 9: delete the account (§3 delete reasons, §4 pending deletion, §9 14 days), reactivate
 * it from the mailed link, and the purge after the window. The clock is injected, never waited for.
 */
const t = useTestServer();
const member = memberFactory(t, { credits: 200, country: "NL" });
const browsers: TestBrowser[] = [];
afterEach(async () => {
  await Promise.all(browsers.splice(0).map((b) => b.closeSockets()));
});

const DAY_MS = 24 * 3600 * 1000;
/** The code of a service's DomainError (called directly) or a procedure's error. */
const codeOf = (e: unknown) => (e as { code?: string }).code ?? appCodeOf(e);
const at = (days: number) => () => new Date(Date.now() + days * DAY_MS);

function reactivationToken(email: string): string {
  const mail = t.server.mailer.sent.findLast((m) => m.to === email && m.text.includes("/reactivate?token="));
  if (!mail) throw new Error(`no reactivation mail to ${email}`);
  return decodeURIComponent(/\/reactivate\?token=([A-Za-z0-9_%-]+)/.exec(mail.text)![1]!);
}

const uploadPhoto = (m: { sessionToken: string }) => uploadOnePhoto(t.server, m);

/** What the other member `viewer` can see of `m`: search, profile, likes, chats. */
async function seenBy(viewer: MemberWithApi, m: { id: number }) {
  const search = await viewer.api.members.search({ country: "NL", pageSize: 50 });
  const profile = await viewer.api.members.get({ id: m.id }).then(
    () => true,
    () => false,
  );
  const likes = [
    ...(await viewer.api.likes.list({ type: "received" })).items,
    ...(await viewer.api.likes.list({ type: "match" })).items,
  ];
  const chats = (await viewer.api.chats.list()).chats;
  return {
    inSearch: search.items.some((p) => p.id === m.id),
    profile,
    inLikes: likes.some((l) => l.profile.id === m.id),
    inChats: chats.some((c) => c.profile.id === m.id),
  };
}

describe("delete → hidden everywhere at once → reactivate at +13 days → purge at +15 days (§4, §9)", () => {
  it("runs the whole life cycle", async () => {
    const gone = await member();
    const other = await member();
    await uploadPhoto(gone);
    await gone.api.likes.like({ profileId: other.id });
    await other.api.likes.like({ profileId: gone.id }); // a match
    await gone.api.chats.send({ toProfileId: other.id, clientId: crypto.randomUUID(), body: "hi there" });
    expect(await seenBy(other, gone)).toEqual({ inSearch: true, profile: true, inLikes: true, inChats: true });

    // An open socket of the member, closed by the deletion.
    const browser = TestBrowser.withSession(t.server, gone);
    browsers.push(browser);
    const closes: Array<number | undefined> = [];
    const socket = browser.openSocket({ onClose: (code) => closes.push(code) });
    expect((await socket.client.accounts.me.query())?.id).toBe(gone.id);

    const r = await gone.api.accountDeletion.delete({ reason: "other", remarks: "moving abroad", confirm: true });
    const purgeAfter = new Date(r.purgeAfter).getTime();
    expect(Math.abs(purgeAfter - Date.now() - ACCOUNT_REACTIVATION_WINDOW_SECONDS * 1000)).toBeLessThan(60_000);

    // Logged out everywhere, sockets closed.
    expect(await (await callerFor(t.server.deps, gone)).accounts.me()).toBeNull(); // a new request with the old cookie
    await eventually(() => closes.length > 0, { what: "the member's socket closed" });
    const sessions = await t.server.deps.db.selectFrom("sessions").where("user_id", "=", gone.id).selectAll().execute();
    expect(sessions).toEqual([]);

    // Hidden from search, profiles, likes and chats of others, and not writable to.
    expect(await seenBy(other, gone)).toEqual({ inSearch: false, profile: false, inLikes: false, inChats: false });
    const write = await failureOf(
      other.api.chats.send({ toProfileId: gone.id, clientId: crypto.randomUUID(), body: "are you there?" }),
    );
    expect(appCodeOf(write)).toBe("NOT_FOUND");
    expect(appCodeOf(await failureOf(other.api.likes.like({ profileId: gone.id })))).toBe("NOT_FOUND");

    // Login and signup with that address offer reactivation (§8).
    const visitor = await callerFor(t.server.deps, null);
    const login = await failureOf(visitor.accounts.login({ email: gone.email, password: gone.password }));
    expect(appCodeOf(login)).toBe("ACCOUNT_PENDING_DELETION");
    const wrong = await failureOf(visitor.accounts.login({ email: gone.email, password: "not the password 1" }));
    expect(appCodeOf(wrong)).toBe("LOGIN_FAILED");
    const signup = await failureOf(visitor.accounts.signup(signupFields({ email: gone.email }) as never));
    expect(appCodeOf(signup)).toBe("ACCOUNT_PENDING_DELETION");
    const mailsTo = () =>
      t.server.mailer.sent.filter((m) => m.to === gone.email && m.text.includes("/reactivate?token="));
    expect(mailsTo()).toHaveLength(1);
    // Its one way back is the reactivation link: no link to the settings it cannot log in to open.
    expect(mailsTo()[0]!.text).not.toContain("/notifications");
    expect(mailsTo()[0]!.html).not.toContain("/notifications");
    // Within a minute of the last one no new mail goes out (same answer); unknown addresses answer alike.
    await visitor.accountDeletion.requestReactivation({ email: gone.email });
    await visitor.accountDeletion.requestReactivation({ email: "nobody-here@example.com" });
    expect(mailsTo()).toHaveLength(1);

    // Reactivate at +13 days from the mailed link: visible again, logged in; the link is single use.
    const token = reactivationToken(gone.email);
    const back = await reactivate(t.server.deps, token, at(13));
    expect(back.userId).toBe(gone.id);
    expect(codeOf(await failureOf(reactivate(t.server.deps, token, at(13))))).toBe("LINK_INVALID");
    const again = await callerFor(t.server.deps, { sessionToken: back.token });
    expect((await again.accounts.me())?.status).toBe("active");
    expect(await seenBy(other, gone)).toEqual({ inSearch: true, profile: true, inLikes: true, inChats: true });

    // Delete again; after 15 days the purge leaves nothing personal and no orphans.
    await again.accountDeletion.delete({ reason: "found_someone", confirm: true });
    const lateToken = reactivationToken(gone.email);
    const photoFiles = await t.server.deps.db
      .selectFrom("photos")
      .select(["filename", "thumb_filename", "blurred_filename"])
      .where("profile_id", "=", gone.id)
      .execute();
    expect(photoFiles.length).toBe(1);
    expect(await purgeExpiredAccounts(t.server.deps, at(13))).toBe(0);
    expect(await purgeExpiredAccounts(t.server.deps, at(15))).toBe(1);

    const db = t.server.deps.db;
    const count = async (
      table: "likes" | "photos" | "sessions" | "push_subscriptions" | "email_tokens",
      where: string,
    ) =>
      Number(
        (
          await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${sql.raw(where)}`.execute(
            db,
          )
        ).rows[0]!.n,
      );
    expect(await count("likes", `liker_id = ${gone.id} or liked_id = ${gone.id}`)).toBe(0);
    expect(await count("photos", `profile_id = ${gone.id}`)).toBe(0);
    expect(await count("sessions", `user_id = ${gone.id}`)).toBe(0);
    expect(await count("push_subscriptions", `user_id = ${gone.id}`)).toBe(0);
    expect(await count("email_tokens", `user_id = ${gone.id}`)).toBe(0);
    for (const f of photoFiles)
      for (const name of [f.filename, f.thumb_filename, f.blurred_filename])
        for (const dir of [t.server.deps.config.mediaDir, t.server.deps.config.privateMediaDir])
          expect(fs.existsSync(path.join(dir, path.basename(name)))).toBe(false);

    const user = await db.selectFrom("users").selectAll().where("id", "=", gone.id).executeTakeFirstOrThrow();
    expect(user.email).not.toBe(gone.email);
    expect(user.email).toMatch(/@deleted\.invalid$/);
    const profile = await db.selectFrom("profiles").selectAll().where("id", "=", gone.id).executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ name: "", note: "", city: null, visible: false });
    // Money records stay: the ledger still sums to the balance.
    const ledger = await db
      .selectFrom("credit_ledger")
      .select(sql<number>`coalesce(sum(delta), 0)::int`.as("sum"))
      .where("user_id", "=", gone.id)
      .executeTakeFirstOrThrow();
    expect(ledger.sum).toBe(user.credits);
    expect(ledger.sum).toBeGreaterThan(0);
    // The messages the member wrote stay in the other member's conversation.
    expect(await db.selectFrom("messages").select("id").where("sender_id", "=", gone.id).execute()).toHaveLength(1);

    // After the window the link fails with the §8 expired-link message; the address is free again.
    const expired = await failureOf(reactivate(t.server.deps, lateToken, at(15)));
    expect(codeOf(expired)).toBe("LINK_INVALID");
    expect(expired.message).toBe("Link expired or invalid, request a new email.");
    expect(appCodeOf(await failureOf(visitor.accounts.login({ email: gone.email, password: DEFAULT_PASSWORD })))).toBe(
      "LOGIN_FAILED",
    );
    await visitor.accounts.signup(signupFields({ email: gone.email }) as never);
  });

  it("a deleted account comes back only through its reactivation link: a password reset (asked before or after) refuses it", async () => {
    const m = await member();
    const visitor = new TestBrowser(t.server);
    const resetLink = () => {
      const mail = t.server.mailer.sent.findLast(
        (x) => x.to === m.email && x.text.includes("/reset-password/do?token="),
      );
      return decodeURIComponent(/\/reset-password\/do\?token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? "")?.[1] ?? "");
    };
    const reset = (token: string) =>
      visitor.trpc.security.completePasswordReset.mutate({
        token,
        password: "back-again-77",
        passwordRepeat: "back-again-77",
      });
    await visitor.trpc.security.requestPasswordReset.mutate({ email: m.email });
    const before = await eventually(() => resetLink() || undefined, { what: "the reset mail" });
    await m.api.accountDeletion.delete({ reason: "price", confirm: true });
    // Asked before the deletion: the link died with it.
    expect(appCodeOf(await failureOf(reset(before)))).toBe("LINK_INVALID");
    // Asked after: refused with the §8 answer, and no session is opened.
    await visitor.trpc.security.requestPasswordReset.mutate({ email: m.email });
    const after = await eventually(() => (resetLink() !== before ? resetLink() : undefined), {
      what: "a new reset mail",
    });
    expect(appCodeOf(await failureOf(reset(after)))).toBe("ACCOUNT_PENDING_DELETION");
    expect(await visitor.trpc.accounts.me.query()).toBeNull();
    const row = await t.server.deps.db
      .selectFrom("users")
      .select("status")
      .where("id", "=", m.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("pending_deletion");
  });

  it("a session made after the deletion committed (a login that raced it) answers as a visitor everywhere", async () => {
    const m = await member();
    await m.api.accountDeletion.delete({ reason: "price", confirm: true });
    // What a login that had checked the account just before the deletion would insert after it.
    const late = await createSession(t.server.deps.db, m.id);
    const browser = TestBrowser.withSession(t.server, { sessionToken: late.token });
    browsers.push(browser);
    expect(await browser.trpc.accounts.me.query()).toBeNull();
    expect(appCodeOf(await failureOf(browser.trpc.chats.list.query()))).toBe("AUTHENTICATION_REQUIRED");
    expect((await browser.fetch("/api/user.php")).status).toBe(403); // §4 authentication required
    const socket = browser.openSocket();
    expect(await socket.client.accounts.me.query()).toBeNull();
  });

  it("a link used after its 14 days fails even before the purge ran", async () => {
    const m = await member();
    await m.api.accountDeletion.delete({ reason: "price", confirm: true });
    const token = reactivationToken(m.email);
    expect(codeOf(await failureOf(reactivate(t.server.deps, token, at(14.01))))).toBe("LINK_INVALID");
    expect((await reactivate(t.server.deps, token, at(13.9))).userId).toBe(m.id);
  });
});

describe("hostile input on the deletion procedures: 4xx, never 500, nothing half-written", () => {
  const naughty = [
    "",
    " ",
    "\u0000",
    "\ud800",
    "x\ud800y",
    "a".repeat(5000),
    "<script>alert(1)</script>",
    "' or 1=1 --",
    "null",
  ];
  it("delete, reactivate and requestReactivation refuse bad input; the account stays as it was", async () => {
    const m = await member();
    const visitor = await callerFor(t.server.deps, null);
    const inputs: unknown[] = [
      ...naughty.map((reason) => ({ reason, confirm: true })),
      ...naughty
        .filter((s) => s.includes("\u0000") || s.includes("\ud800") || s.length > 1000)
        .map((remarks) => ({
          reason: "other",
          remarks,
          confirm: true,
        })),
      // What an operator reads follows a member's text rules: no terminal escapes, no bidi override.
      { reason: "other", remarks: "\u001b[31mred\u0007", confirm: true },
      { reason: "other", remarks: "fine \u202eevil", confirm: true },
      { reason: "price" },
      { reason: "price", confirm: false },
      { reason: "price", confirm: "true" },
      { reason: "price", confirm: true, extra: 1 },
      { reason: 7, confirm: true },
      null,
    ];
    for (const input of inputs) {
      const e = await failureOf(m.api.accountDeletion.delete(input as never));
      expect(appCodeOf(e)).toBe("VALIDATION");
    }
    for (const v of [...naughty, 1, -1, 2 ** 53, null]) {
      expect(["VALIDATION", "LINK_INVALID"]).toContain(
        appCodeOf(await failureOf(visitor.accountDeletion.reactivate({ token: v } as never))),
      );
      expect(appCodeOf(await failureOf(visitor.accountDeletion.requestReactivation({ email: v } as never)))).toBe(
        "VALIDATION",
      );
    }
    expect(appCodeOf(await failureOf(visitor.accountDeletion.reactivate({ token: "A".repeat(43) })))).toBe(
      "LINK_INVALID",
    );
    expect(appCodeOf(await failureOf(visitor.accountDeletion.delete({ reason: "price", confirm: true })))).toBe(
      "AUTHENTICATION_REQUIRED",
    );
    expect((await m.api.accounts.me())?.status).toBe("active");
    expect(
      await t.server.deps.db.selectFrom("account_deletions").selectAll().where("user_id", "=", m.id).execute(),
    ).toEqual([]);
  });

  it("over HTTP, bad input answers 400, never 500", async () => {
    const m = await member();
    const browser = TestBrowser.withSession(t.server, m);
    for (const body of [
      '{"reason":"\\u0000","confirm":true}',
      '{"reason":"price","confirm":true,"remarks":"\\ud800"}',
      "{",
      "[]",
    ]) {
      const res = await fetch(`${t.server.url}/trpc/accountDeletion.delete`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: `auth=${m.sessionToken}` },
        body,
      });
      expect(res.status).toBe(400);
    }
    void browser;
    expect((await m.api.accounts.me())?.status).toBe("active");
  });
});
