import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { useTestServer } from "../support/server.js";
import { TestBrowser } from "../support/client.js";
import crypto from "node:crypto";
import { appCodeOf, createMember, eventually, failureOf, memberFactory, uniqueEmail } from "../support/factories.js";
import type { Mail } from "../../server/infra/mailer.js";
import { activationTokenFor } from "../support/mailbox.js";
import { getSiteForHost, siteOrigin } from "../../server/features/site/site.service.js";
import { settleAccountMails } from "../../server/features/accounts/account-security.service.js";

const t = useTestServer();

/** The token of the newest `path?token=` link mailed to `email`. */
async function linkTokenFor(email: string, path: string): Promise<{ token: string; mail: Mail; link: string }> {
  const mail = await eventually(() => t.server.mailer.sent.findLast((m) => m.to === email && m.text.includes(path)), {
    what: `a ${path} mail to ${email}`,
  });
  const link = new RegExp(`https?://\\S+${path.replace(/\//g, "\\/")}\\?token=[A-Za-z0-9_%-]+`).exec(mail.text)![0];
  return { token: decodeURIComponent(new URL(link).searchParams.get("token")!), mail, link };
}

function mailsTo(email: string, path: string): number {
  return t.server.mailer.sent.filter((m) => m.to === email && m.text.includes(path)).length;
}

describe("password reset (§2 /reset-password, §8)", () => {
  it("answers a known and an unknown address alike, and mails a one-hour link only to the known one", async () => {
    const m = await createMember(t.server.deps);
    const visitor = new TestBrowser(t.server);
    const unknown = uniqueEmail("nobody");
    const a = await visitor.trpc.security.requestPasswordReset.mutate({ email: m.email.toUpperCase() });
    const b = await visitor.trpc.security.requestPasswordReset.mutate({ email: unknown });
    expect(a).toEqual(b);
    const { link } = await linkTokenFor(m.email, "/reset-password/do");
    // From the configured site origin, never from the request's Host header.
    const site = await getSiteForHost(t.server.deps, null);
    expect(link.startsWith(`${siteOrigin(site, t.server.deps.config)}/reset-password/do?token=`)).toBe(true);
    await settleAccountMails();
    expect(t.server.mailer.sent.some((mail) => mail.to === unknown)).toBe(false);
    // §1: in the member's language, from the same catalogs as the app.
    const german = await createMember(t.server.deps);
    await t.server.deps.db.updateTable("users").set({ language: "de" }).where("id", "=", german.id).execute();
    await visitor.trpc.security.requestPasswordReset.mutate({ email: german.email });
    await settleAccountMails();
    const mailDe = t.server.mailer.sent.findLast(
      (mail) => mail.to === german.email && mail.text.includes("/reset-password/do"),
    );
    expect(mailDe?.subject).toBe(`Setze dein Passwort für ${site.name} zurück`);
    expect(mailDe?.text).toContain("Neues Passwort wählen");
    // In the site's mail layout (its name as the header), and no subscription to leave.
    expect(mailDe?.html).toContain(`>${site.name}</h1>`);
    expect(mailDe?.headers?.["List-Unsubscribe"]).toBeUndefined();
    // Its link names the language, so the page opens in German in a browser without the cookie.
    expect(mailDe?.text).toMatch(/\/reset-password\/do\?token=[^\s&]+&lang=de\b/);
    const row = await t.server.deps.db
      .selectFrom("email_tokens")
      .select(sql<number>`extract(epoch from expires_at - created_at)::int`.as("ttl"))
      .where("user_id", "=", m.id)
      .where("purpose", "=", "reset_password")
      .executeTakeFirstOrThrow();
    expect(Math.abs(row.ttl - 3600)).toBeLessThanOrEqual(2);
  });

  it("refuses a fourth mail to one address within 24 hours, known or not, with the §8 text", async () => {
    const m = await createMember(t.server.deps);
    const visitor = new TestBrowser(t.server);
    for (const email of [m.email, uniqueEmail("nobody")]) {
      for (let i = 0; i < 3; i++) await visitor.trpc.security.requestPasswordReset.mutate({ email });
      const err = await failureOf(visitor.trpc.security.requestPasswordReset.mutate({ email }));
      expect(appCodeOf(err)).toBe("TOO_MANY_RESET_MAILS");
      expect(err.message).toBe("Too many password reset emails sent, please try again tomorrow.");
    }
    await settleAccountMails();
    expect(mailsTo(m.email, "/reset-password/do")).toBe(3);
    // A day later the address may ask again.
    await t.server.deps.db
      .updateTable("password_reset_mails")
      .set({ window_started_at: sql`now() - interval '24 hours 1 minute'` })
      .execute();
    await visitor.trpc.security.requestPasswordReset.mutate({ email: m.email });
    await eventually(() => mailsTo(m.email, "/reset-password/do") === 4, { what: "a fourth mail the next day" });
  });

  it("counts concurrent requests for one address atomically: exactly 3 of 8 get a mail", async () => {
    const m = await createMember(t.server.deps);
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        new TestBrowser(t.server).trpc.security.requestPasswordReset.mutate({ email: m.email }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    for (const r of results.filter((x) => x.status === "rejected")) {
      expect(appCodeOf((r as PromiseRejectedResult).reason)).toBe("TOO_MANY_RESET_MAILS");
    }
    await settleAccountMails();
    expect(mailsTo(m.email, "/reset-password/do")).toBe(3);
  });

  it("sets the new password, logs in, ends every other session and its socket, clears the login lockout", async () => {
    const m = await createMember(t.server.deps);
    const other = TestBrowser.withSession(t.server, m);
    const closes: Array<number | undefined> = [];
    const socket = other.openSocket({ onClose: (code) => closes.push(code) });
    expect((await socket.client.accounts.me.query())?.id).toBe(m.id);
    // Lock the address with wrong passwords.
    const stranger = new TestBrowser(t.server);
    let locked = false;
    for (let i = 0; i < 10 && !locked; i++) {
      const err = await failureOf(stranger.trpc.accounts.login.mutate({ email: m.email, password: "wrong password" }));
      locked = appCodeOf(err) === "TOO_MANY_ATTEMPTS";
    }
    expect(locked).toBe(true);
    // The lockout's 429 says in Retry-After how long it lasts (§8 'account blocked for {minutes} min').
    const again = await stranger.fetch("/trpc/accounts.login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: m.email, password: "wrong password" }),
    });
    const lockout = ((await again.json()) as { error: { data: { details: { minutes: number } } } }).error.data.details;
    expect([again.status, again.headers.get("retry-after")]).toEqual([429, String(lockout.minutes * 60)]);

    const visitor = new TestBrowser(t.server);
    await visitor.trpc.security.requestPasswordReset.mutate({ email: m.email });
    const { token } = await linkTokenFor(m.email, "/reset-password/do");
    const mismatch = await failureOf(
      visitor.trpc.security.completePasswordReset.mutate({ token, password: "new password 1", passwordRepeat: "x" }),
    );
    expect(appCodeOf(mismatch)).toBe("VALIDATION");
    expect(mismatch.message).toContain("The entered passwords are not the same.");

    await visitor.trpc.security.completePasswordReset.mutate({
      token,
      password: "new password 1",
      passwordRepeat: "new password 1",
    });
    expect((await visitor.trpc.accounts.me.query())?.id).toBe(m.id);
    expect(await other.trpc.accounts.me.query()).toBeNull();
    await eventually(() => closes.length > 0, { what: "the other session's socket to close" });
    await other.closeSockets();

    const oldLogin = await failureOf(TestBrowser.loggedIn(t.server, m));
    expect(appCodeOf(oldLogin)).toBe("LOGIN_FAILED");
    const fresh = await TestBrowser.loggedIn(t.server, { email: m.email, password: "new password 1" });
    expect((await fresh.trpc.accounts.me.query())?.id).toBe(m.id);
  });

  it("refuses a reused, an expired and a bogus link with LINK_INVALID", async () => {
    const m = await createMember(t.server.deps);
    const visitor = new TestBrowser(t.server);
    await visitor.trpc.security.requestPasswordReset.mutate({ email: m.email });
    const { token } = await linkTokenFor(m.email, "/reset-password/do");
    const input = { token, password: "another pass 2", passwordRepeat: "another pass 2" };
    await visitor.trpc.security.completePasswordReset.mutate(input);
    expect(appCodeOf(await failureOf(visitor.trpc.security.completePasswordReset.mutate(input)))).toBe("LINK_INVALID");

    await visitor.trpc.security.requestPasswordReset.mutate({ email: m.email });
    const second = await eventually(async () => {
      const l = await linkTokenFor(m.email, "/reset-password/do");
      return l.token !== token ? l : null;
    });
    await t.server.deps.db
      .updateTable("email_tokens")
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where("user_id", "=", m.id)
      .where("used_at", "is", null)
      .execute();
    const expired = await failureOf(
      visitor.trpc.security.completePasswordReset.mutate({ ...input, token: second.token }),
    );
    expect(appCodeOf(expired)).toBe("LINK_INVALID");
    expect(expired.message).toBe("Link expired or invalid, request a new email.");
    const bogus = await failureOf(
      visitor.trpc.security.completePasswordReset.mutate({ ...input, token: "A".repeat(43) }),
    );
    expect(appCodeOf(bogus)).toBe("LINK_INVALID");
  });

  it("checks a link as /reset-password/do opens: usable until used or expired, and nothing else is said", async () => {
    const m = await createMember(t.server.deps);
    const visitor = new TestBrowser(t.server);
    await visitor.trpc.security.requestPasswordReset.mutate({ email: m.email });
    const { token } = await linkTokenFor(m.email, "/reset-password/do");
    // Read-only: checked twice, the link still sets the password.
    expect(await visitor.trpc.security.checkPasswordResetLink.query({ token })).toEqual({ usable: true });
    expect(await visitor.trpc.security.checkPasswordResetLink.query({ token })).toEqual({ usable: true });
    const input = { token, password: "checked pass 3", passwordRepeat: "checked pass 3" };
    await visitor.trpc.security.completePasswordReset.mutate(input);
    // A reset link stays single use: after its use, the check says so.
    expect(await visitor.trpc.security.checkPasswordResetLink.query({ token })).toEqual({ usable: false });
    expect(appCodeOf(await failureOf(visitor.trpc.security.completePasswordReset.mutate(input)))).toBe("LINK_INVALID");

    await visitor.trpc.security.requestPasswordReset.mutate({ email: m.email });
    const second = await eventually(async () => {
      const l = await linkTokenFor(m.email, "/reset-password/do");
      return l.token !== token ? l : null;
    });
    expect(await visitor.trpc.security.checkPasswordResetLink.query({ token: second.token })).toEqual({ usable: true });
    await t.server.deps.db
      .updateTable("email_tokens")
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where("user_id", "=", m.id)
      .where("used_at", "is", null)
      .execute();
    expect(await visitor.trpc.security.checkPasswordResetLink.query({ token: second.token })).toEqual({
      usable: false,
    });
    expect(await visitor.trpc.security.checkPasswordResetLink.query({ token: "A".repeat(43) })).toEqual({
      usable: false,
    });
  });

  it("lets exactly one of two concurrent uses of one link win", async () => {
    const m = await createMember(t.server.deps);
    const visitor = new TestBrowser(t.server);
    await visitor.trpc.security.requestPasswordReset.mutate({ email: m.email });
    const { token } = await linkTokenFor(m.email, "/reset-password/do");
    const a = new TestBrowser(t.server);
    const b = new TestBrowser(t.server);
    const results = await Promise.allSettled([
      a.trpc.security.completePasswordReset.mutate({
        token,
        password: "winner pass A",
        passwordRepeat: "winner pass A",
      }),
      b.trpc.security.completePasswordReset.mutate({
        token,
        password: "winner pass B",
        passwordRepeat: "winner pass B",
      }),
    ]);
    const won = results.filter((r) => r.status === "fulfilled");
    expect(won).toHaveLength(1);
    const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(appCodeOf(lost.reason)).toBe("LINK_INVALID");
    const winner = results[0]!.status === "fulfilled" ? "winner pass A" : "winner pass B";
    await TestBrowser.loggedIn(t.server, { email: m.email, password: winner });
    const sessions = await t.server.deps.db.selectFrom("sessions").select("id").where("user_id", "=", m.id).execute();
    expect(sessions).toHaveLength(2); // the winner's and the login just made
  });
});

describe("change password (settings, §5)", () => {
  it("refuses a wrong old password and a mismatch; ends the other sessions and their sockets, keeps this one", async () => {
    const m = await createMember(t.server.deps);
    const me = await TestBrowser.loggedIn(t.server, m);
    const other = TestBrowser.withSession(t.server, m);
    const closes: Array<number | undefined> = [];
    const socket = other.openSocket({ onClose: (code) => closes.push(code) });
    expect((await socket.client.accounts.me.query())?.id).toBe(m.id);

    const wrong = await failureOf(
      me.trpc.security.changePassword.mutate({
        oldPassword: "nope",
        password: "brand new 1",
        passwordRepeat: "brand new 1",
      }),
    );
    expect(appCodeOf(wrong)).toBe("OLD_PASSWORD_WRONG");
    expect(wrong.message).toBe("Please check your old password.");
    const mismatch = await failureOf(
      me.trpc.security.changePassword.mutate({
        oldPassword: m.password,
        password: "brand new 1",
        passwordRepeat: "brand new 2",
      }),
    );
    expect(mismatch.message).toContain("The entered passwords are not the same.");
    expect((await socket.client.accounts.me.query())?.id).toBe(m.id);

    const res = await me.trpc.security.changePassword.mutate({
      oldPassword: m.password,
      password: "brand new 1",
      passwordRepeat: "brand new 1",
    });
    expect(res.endedSessions).toBe(1);
    expect((await me.trpc.accounts.me.query())?.id).toBe(m.id);
    expect(await other.trpc.accounts.me.query()).toBeNull();
    await eventually(() => closes.length > 0, { what: "the other session's socket to close" });
    await other.closeSockets();
    await TestBrowser.loggedIn(t.server, { email: m.email, password: "brand new 1" });
  });
});

describe("checking the current password in the settings counts toward the login lockout (§8)", () => {
  it("the 5th wrong old password blocks the address: then the right one is refused too, and nothing changed", async () => {
    const m = await createMember(t.server.deps);
    const me = await TestBrowser.loggedIn(t.server, m);
    const hashOf = async () =>
      (
        await t.server.deps.db
          .selectFrom("users")
          .select("password_hash")
          .where("id", "=", m.id)
          .executeTakeFirstOrThrow()
      ).password_hash;
    const before = await hashOf();
    const change = (oldPassword: string) =>
      me.trpc.security.changePassword.mutate({ oldPassword, password: "brand new 1", passwordRepeat: "brand new 1" });
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push(appCodeOf(await failureOf(change(`wrong ${i}`))));
    expect(codes).toEqual([...Array(4).fill("OLD_PASSWORD_WRONG"), "TOO_MANY_ATTEMPTS"]);
    const right = await failureOf(change(m.password));
    expect(appCodeOf(right)).toBe("TOO_MANY_ATTEMPTS");
    expect(right.message).toMatch(/^Too many incorrect attempts, account blocked for \d+ min\.$/);
    // The e-mail change checks the same password under the same lockout.
    expect(
      appCodeOf(
        await failureOf(
          me.trpc.security.requestEmailChange.mutate({ email: uniqueEmail("moved"), password: m.password }),
        ),
      ),
    ).toBe("TOO_MANY_ATTEMPTS");
    expect(await hashOf()).toBe(before);
    expect((await me.trpc.accounts.me.query())?.id).toBe(m.id); // the session itself lives on
  });
});

describe("change e-mail (settings, /mail-change/do)", () => {
  it("mails the new address a single-use link; following it changes the address and tells the old one", async () => {
    const m = await createMember(t.server.deps);
    const me = await TestBrowser.loggedIn(t.server, m);
    const taken = await createMember(t.server.deps);
    expect(
      appCodeOf(
        await failureOf(me.trpc.security.requestEmailChange.mutate({ email: taken.email, password: m.password })),
      ),
    ).toBe("EMAIL_EXISTS");
    const newEmail = uniqueEmail("moved");
    expect(
      appCodeOf(await failureOf(me.trpc.security.requestEmailChange.mutate({ email: newEmail, password: "wrong" }))),
    ).toBe("OLD_PASSWORD_WRONG");
    await me.trpc.security.requestEmailChange.mutate({ email: newEmail, password: m.password });
    expect((await me.trpc.accounts.me.query())?.email).toBe(m.email); // not before the link
    const { token } = await linkTokenFor(newEmail, "/mail-change/do");

    const visitor = new TestBrowser(t.server);
    expect(await visitor.trpc.security.confirmEmailChange.mutate({ token })).toEqual({ email: newEmail });
    expect((await me.trpc.accounts.me.query())?.email).toBe(newEmail);
    // The legacy API answers with the same state (§7 GET /api/user.php).
    const legacy = (await (await me.fetch("/api/user.php")).json()) as { user: { email: string } };
    expect(legacy.user.email).toBe(newEmail);
    const notice = t.server.mailer.sent.find((mail) => mail.to === m.email && mail.text.includes(newEmail));
    expect(notice).toBeDefined();
    // The one mail a member whose account was taken over gets says how to reach the site (its settings).
    const site = await t.server.deps.db.selectFrom("sites").select(["support_email"]).executeTakeFirstOrThrow();
    expect(site.support_email).not.toBe("");
    expect(notice!.text).toContain(`Our customer service: ${site.support_email}`);
    // Followed again (a mail client's preview, a second tap): the same success, from any browser,
    // and no second notice to the old address.
    const notices = t.server.mailer.sent.filter((mail) => mail.to === m.email).length;
    expect(await visitor.trpc.security.confirmEmailChange.mutate({ token })).toEqual({ email: newEmail });
    expect(await new TestBrowser(t.server).trpc.security.confirmEmailChange.mutate({ token })).toEqual({
      email: newEmail,
    });
    expect(t.server.mailer.sent.filter((mail) => mail.to === m.email).length).toBe(notices);
    await TestBrowser.loggedIn(t.server, { email: newEmail, password: m.password });
    expect(appCodeOf(await failureOf(TestBrowser.loggedIn(t.server, m)))).toBe("LOGIN_FAILED");

    // Not once the account has moved on to another address: then the link is used up.
    {
      const m = await createMember(t.server.deps);
      const me = await TestBrowser.loggedIn(t.server, m);
      const first = uniqueEmail("first-move");
      await me.trpc.security.requestEmailChange.mutate({ email: first, password: m.password });
      const { token } = await linkTokenFor(first, "/mail-change/do");
      await new TestBrowser(t.server).trpc.security.confirmEmailChange.mutate({ token });
      const second = uniqueEmail("second-move");
      await me.trpc.security.requestEmailChange.mutate({ email: second, password: m.password });
      await new TestBrowser(t.server).trpc.security.confirmEmailChange.mutate({
        token: (await linkTokenFor(second, "/mail-change/do")).token,
      });
      const err = await failureOf(new TestBrowser(t.server).trpc.security.confirmEmailChange.mutate({ token }));
      expect(appCodeOf(err)).toBe("LINK_INVALID");
      expect((await me.trpc.accounts.me.query())?.email).toBe(second);
    }
  });

  it("a new password (a reset, or the settings) ends a pending change of the address: its link no longer works", async () => {
    for (const recovery of ["reset", "change"] as const) {
      const m = await createMember(t.server.deps);
      const intruder = await TestBrowser.loggedIn(t.server, m);
      const theirs = uniqueEmail("intruder");
      await intruder.trpc.security.requestEmailChange.mutate({ email: theirs, password: m.password });
      const { token } = await linkTokenFor(theirs, "/mail-change/do");
      // The owner takes the account back.
      if (recovery === "reset") {
        await new TestBrowser(t.server).trpc.security.requestPasswordReset.mutate({ email: m.email });
        const reset = await linkTokenFor(m.email, "/reset-password/do");
        await new TestBrowser(t.server).trpc.security.completePasswordReset.mutate({
          token: reset.token,
          password: "a-new-secret-9",
          passwordRepeat: "a-new-secret-9",
        });
      } else {
        const owner = await TestBrowser.loggedIn(t.server, m);
        await owner.trpc.security.changePassword.mutate({
          oldPassword: m.password,
          password: "a-new-secret-9",
          passwordRepeat: "a-new-secret-9",
        });
      }
      const err = await failureOf(new TestBrowser(t.server).trpc.security.confirmEmailChange.mutate({ token }));
      expect(appCodeOf(err), recovery).toBe("LINK_INVALID");
      const row = await t.server.deps.db
        .selectFrom("users")
        .select("email")
        .where("id", "=", m.id)
        .executeTakeFirstOrThrow();
      expect(row.email).toBe(m.email);
    }
  });

  it("a confirmed change of the address voids the activation link mailed to the old one", async () => {
    const m = await createMember(t.server.deps, { confirmed: false });
    const activation = activationTokenFor(t.server.mailer, m.email);
    const me = await TestBrowser.loggedIn(t.server, m);
    const newEmail = uniqueEmail("fixed-typo");
    await me.trpc.security.requestEmailChange.mutate({ email: newEmail, password: m.password });
    const { token } = await linkTokenFor(newEmail, "/mail-change/do");
    await new TestBrowser(t.server).trpc.security.confirmEmailChange.mutate({ token });
    const err = await failureOf(new TestBrowser(t.server).trpc.accounts.activate.mutate({ token: activation }));
    expect(appCodeOf(err)).toBe("LINK_INVALID");
  });

  it("refuses an expired link", async () => {
    const m = await createMember(t.server.deps);
    const me = await TestBrowser.loggedIn(t.server, m);
    const newEmail = uniqueEmail("late");
    await me.trpc.security.requestEmailChange.mutate({ email: newEmail, password: m.password });
    const { token } = await linkTokenFor(newEmail, "/mail-change/do");
    await t.server.deps.db
      .updateTable("email_tokens")
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where("user_id", "=", m.id)
      .where("purpose", "=", "change_email")
      .execute();
    expect(appCodeOf(await failureOf(me.trpc.security.confirmEmailChange.mutate({ token })))).toBe("LINK_INVALID");
    expect((await me.trpc.accounts.me.query())?.email).toBe(m.email);
  });
});

describe("active sessions (settings)", () => {
  it("lists the member's sessions and logs one device out, closing its socket", async () => {
    const m = await createMember(t.server.deps);
    const me = await TestBrowser.loggedIn(t.server, m);
    const other = TestBrowser.withSession(t.server, m);
    const closes: Array<number | undefined> = [];
    const socket = other.openSocket({ onClose: (code) => closes.push(code) });
    expect((await socket.client.accounts.me.query())?.id).toBe(m.id);
    const sessions = await me.trpc.security.sessions.query();
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const target = sessions.find((s) => !s.current)!;
    await me.trpc.security.endSession.mutate({ sessionId: target.id });
    expect(await other.trpc.accounts.me.query()).toBeNull();
    await eventually(() => closes.length > 0, { what: "that device's socket to close" });
    await other.closeSockets();
    expect(await me.trpc.security.sessions.query()).toHaveLength(1);
    // Another member's session cannot be ended.
    const stranger = await createMember(t.server.deps);
    const strangerBrowser = await TestBrowser.loggedIn(t.server, stranger);
    const mine = (await me.trpc.security.sessions.query())[0]!;
    expect(appCodeOf(await failureOf(strangerBrowser.trpc.security.endSession.mutate({ sessionId: mine.id })))).toBe(
      "NOT_FOUND",
    );
    expect((await me.trpc.accounts.me.query())?.id).toBe(m.id);
  });
});

describe("personal-data export (settings, beyond the spec)", () => {
  it("holds the account, profile, likes, conversations with messages and sessions, but no password hash", async () => {
    const a = await memberFactory(t)();
    const b = await memberFactory(t)();
    await a.api.likes.like({ profileId: b.id });
    await b.api.likes.like({ profileId: a.id });
    await a.api.chats.send({ toProfileId: b.id, clientId: crypto.randomUUID(), body: "hello from the export test" });
    await b.api.chats.send({ toProfileId: a.id, clientId: crypto.randomUUID(), body: "and a reply" });

    const data = await a.api.security.exportData();
    expect(data.account).toMatchObject({ id: a.id, email: a.email });
    expect(data.profile.name).toBe(a.name);
    expect(data.likes.sent.map((l) => l.profileId)).toEqual([b.id]);
    expect(data.likes.received.map((l) => l.profileId)).toEqual([b.id]);
    expect(data.conversations).toHaveLength(1);
    expect(data.conversations[0]!.messages.map((m) => [m.fromMe, m.body])).toEqual([
      [true, "hello from the export test"],
      [false, "and a reply"],
    ]);
    expect(data.sessions.length).toBeGreaterThan(0);
    const json = JSON.stringify(data);
    expect(json).not.toContain("password");
    expect(json).not.toContain("$argon2");
  });
});
