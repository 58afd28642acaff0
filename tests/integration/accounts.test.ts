import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/server.js";
import { TestBrowser } from "../support/client.js";
import {
  appCodeOf,
  callerFor,
  birthDateForAge,
  countRows,
  createMember,
  failureOf,
  signupFields,
  uniqueEmail,
} from "../support/factories.js";
import { tokenFromText } from "../support/mailbox.js";

const t = useTestServer();

/** The Set-Cookie line for `name` among the last answer's headers. */
function setCookieLine(b: TestBrowser, name: string): string {
  const line = b.lastSetCookie.find((l) => l.startsWith(`${name}=`));
  if (!line) throw new Error(`no Set-Cookie for ${name} in ${JSON.stringify(b.lastSetCookie)}`);
  return line;
}
function attrs(line: string): Map<string, string> {
  return new Map(
    line
      .split(";")
      .slice(1)
      .map((a) => a.trim())
      .map((a) => {
        const i = a.indexOf("=");
        return i < 0 ? [a.toLowerCase(), ""] : [a.slice(0, i).toLowerCase(), a.slice(i + 1)];
      }),
  );
}

describe("signup validation (§5)", () => {
  async function refused(over: Record<string, unknown>) {
    const b = new TestBrowser(t.server);
    const before = await countRows(t.server.deps, "users");
    const err = await failureOf(b.trpc.accounts.signup.mutate(signupFields(over) as never));
    expect(await countRows(t.server.deps, "users")).toBe(before);
    expect(b.cookies.has("auth")).toBe(false);
    return err as Error & { data: { httpStatus: number; appCode: string; fieldErrors: Record<string, string[]> } };
  }

  it.each(["not-an-email", "a@b", "two@@example.test", "", "x".repeat(250) + "@example.test"])(
    "refuses the e-mail %j with 'Invalid email'",
    async (email) => {
      const err = await refused({ email });
      expect(err.data.httpStatus).toBe(400);
      expect(err.data.appCode).toBe("VALIDATION");
      expect(err.data.fieldErrors.email).toContain("Invalid email");
      expect(err.message).toContain("Invalid email");
    },
  );

  it.each([
    ["17 years old", birthDateForAge(17)],
    ["born today", new Date().toISOString().slice(0, 10)],
    ["an impossible date", "2000-02-30"],
    ["not a date", "yesterday"],
  ])("refuses a date of birth %s with 'Enter your date of birth (18+)'", async (_label, date_of_birth) => {
    const err = await refused({ date_of_birth });
    expect(err.data.httpStatus).toBe(400);
    expect(err.data.fieldErrors.date_of_birth).toContain("Enter your date of birth (18+)");
  });

  it("accepts a member who is 18 today or older", async () => {
    const b = new TestBrowser(t.server);
    const user = await b.trpc.accounts.signup.mutate(signupFields({ date_of_birth: birthDateForAge(18) }) as never);
    expect(user.status).toBe("not_confirmed");
  });

  it("refuses a name equal to the e-mail address, whatever its case", async () => {
    const email = uniqueEmail();
    const err = await refused({ email, name: email.toUpperCase() });
    expect(err.data.fieldErrors.name?.length).toBeGreaterThan(0);
  });

  it("refuses a name starting with @", async () => {
    const err = await refused({ name: "@alice" });
    expect(err.data.fieldErrors.name?.length).toBeGreaterThan(0);
  });

  it("refuses an address that already has an account (any case) with the already-exists message", async () => {
    const email = uniqueEmail();
    await new TestBrowser(t.server).trpc.accounts.signup.mutate(signupFields({ email }) as never);
    for (const again of [email, email.toUpperCase(), `  ${email} `]) {
      const err = await refused({ email: again });
      expect(err.data.appCode).toBe("EMAIL_EXISTS");
      expect(err.data.httpStatus).toBe(409);
      expect(err.message).toBe("An account with this e-mail address already exists.");
    }
  });
});

describe("passwords and login", () => {
  it("stores the password as an argon2id hash, never in clear", async () => {
    const m = await createMember(t.server.deps, { password: "secret password 1" });
    const row = await t.server.deps.db
      .selectFrom("users")
      .select("password_hash")
      .where("id", "=", m.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash.startsWith("$argon2id$")).toBe(true);
    expect(row.password_hash).not.toContain("secret password 1");
  });

  it("answers a wrong password and an unknown address with the same 'Login failed, please try again.'", async () => {
    const m = await createMember(t.server.deps);
    const b = new TestBrowser(t.server);
    const wrong = await failureOf(b.trpc.accounts.login.mutate({ email: m.email, password: "not the password" }));
    expect(b.cookies.has("auth")).toBe(false);
    const unknown = await failureOf(
      b.trpc.accounts.login.mutate({ email: uniqueEmail("nobody"), password: m.password }),
    );
    expect(b.cookies.has("auth")).toBe(false);
    for (const err of [wrong, unknown]) {
      expect(err.message).toBe("Login failed, please try again.");
      expect(appCodeOf(err)).toBe("LOGIN_FAILED");
    }
    expect(wrong.data).toEqual(unknown.data);
  });

  it("logs in with the e-mail address in any case and spaces around it", async () => {
    const m = await createMember(t.server.deps);
    const b = new TestBrowser(t.server);
    const user = await b.trpc.accounts.login.mutate({ email: ` ${m.email.toUpperCase()} `, password: m.password });
    expect(user.id).toBe(m.id);
    expect((await b.trpc.accounts.me.query())?.id).toBe(m.id);
  });
});

describe("the auth cookie over HTTP (§9: auth 30 days, path /, lax)", () => {
  it("is set at signup and login as HttpOnly, SameSite=Lax, Path=/, Max-Age 30 days", async () => {
    const b = new TestBrowser(t.server);
    const fields = signupFields();
    await b.trpc.accounts.signup.mutate(fields as never);
    const fromSignup = attrs(setCookieLine(b, "auth"));
    await b.trpc.accounts.login.mutate({ email: fields.email, password: fields.password });
    const fromLogin = attrs(setCookieLine(b, "auth"));
    for (const a of [fromSignup, fromLogin]) {
      expect(a.has("httponly")).toBe(true);
      expect(a.get("samesite")?.toLowerCase()).toBe("lax");
      expect(a.get("path")).toBe("/");
      expect(a.get("max-age")).toBe(String(30 * 24 * 60 * 60));
      expect(a.has("secure")).toBe(false); // plain http in tests; COOKIE_SECURE forces it
    }
    expect((await b.trpc.accounts.me.query())?.email).toBe(fields.email);
  });

  it("logout clears the cookie and ends the session on the server", async () => {
    const m = await createMember(t.server.deps);
    const b = await TestBrowser.loggedIn(t.server, m);
    const token = b.cookies.get("auth")!;
    await b.trpc.accounts.logout.mutate();
    const a = attrs(setCookieLine(b, "auth"));
    expect(setCookieLine(b, "auth").startsWith("auth=;")).toBe(true);
    expect(a.get("max-age")).toBe("0");
    expect(a.get("path")).toBe("/");
    expect(b.cookies.has("auth")).toBe(false);
    expect(await b.trpc.accounts.me.query()).toBeNull();
    // A copy of the old cookie (another tab, a thief) no longer logs anyone in.
    const replay = new TestBrowser(t.server);
    replay.cookies.set("auth", token);
    expect(await replay.trpc.accounts.me.query()).toBeNull();
    const err = await failureOf(replay.trpc.chats.list.query());
    expect(appCodeOf(err)).toBe("AUTHENTICATION_REQUIRED");
    expect(err.message).toBe("authentication_required");
    expect((err.data as { httpStatus: number }).httpStatus).toBe(403);
  });
});

describe("activation by the mailed link (§4)", () => {
  it("mails a link whose token activates the account; opened again it says already confirmed; a bogus token is LINK_INVALID", async () => {
    const b = new TestBrowser(t.server);
    const fields = signupFields();
    const user = await b.trpc.accounts.signup.mutate(fields as never);
    expect(user.status).toBe("not_confirmed");
    expect(user.profileStatus).toBe("disabled");

    // The embedded default writes the mail as an .eml file under DATA_DIR/mail.
    const mailDir = t.server.deps.config.mailDir;
    const eml = fs
      .readdirSync(mailDir)
      .map((f) => fs.readFileSync(path.join(mailDir, f), "utf8"))
      .find((text) => text.includes(fields.email));
    expect(eml, "an .eml file for the new member").toBeDefined();
    const mail = t.server.mailer.sent.findLast((m) => m.to === fields.email)!;
    expect(mail.text).toMatch(/\/activate\?token=/);
    // A mail about the account itself: nothing to unsubscribe from (no List-Unsubscribe, no link),
    // so a mail client's one-click button cannot switch the member's notifications off from it.
    expect(mail.headers?.["List-Unsubscribe"]).toBeUndefined();
    expect(mail.text).not.toContain("/mail/unsubscribe");
    const token = tokenFromText(mail.text);

    expect(await b.trpc.accounts.activate.mutate({ token })).toMatchObject({ alreadyConfirmed: false });
    const me = await b.trpc.accounts.me.query();
    expect(me?.status).toBe("active");
    expect(me?.profileStatus).toBe("active");

    // Mail clients open links ahead and people tap twice: the same link again lands on the
    // success outcome, from any browser, and changes nothing.
    const confirmedAt = await t.server.deps.db
      .selectFrom("users")
      .select("confirmed_at")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    for (const again of [b, new TestBrowser(t.server)])
      expect(await again.trpc.accounts.activate.mutate({ token })).toMatchObject({ alreadyConfirmed: true });
    expect(
      await t.server.deps.db
        .selectFrom("users")
        .select("confirmed_at")
        .where("id", "=", user.id)
        .executeTakeFirstOrThrow(),
    ).toEqual(confirmedAt);

    const bogus = await failureOf(b.trpc.accounts.activate.mutate({ token: "A".repeat(43) }));
    expect(appCodeOf(bogus)).toBe("LINK_INVALID");

    // Not for a link voided before the account was confirmed: the activation link went to a
    // mistyped address; the member corrects it (voiding that link) and confirms the new address.
    // The old address's link says nothing about that confirmation.
    {
      const m = await createMember(t.server.deps, { confirmed: false });
      const oldLink = tokenFromText(t.server.mailer.sent.findLast((x) => x.to === m.email)!.text);
      const other = await TestBrowser.loggedIn(t.server, m);
      const newEmail = uniqueEmail("corrected");
      await other.trpc.security.requestEmailChange.mutate({ email: newEmail, password: m.password });
      const changeMail = t.server.mailer.sent.findLast((x) => x.to === newEmail)!;
      const changeToken = decodeURIComponent(/\/mail-change\/do\?token=([A-Za-z0-9_%-]+)/.exec(changeMail.text)![1]!);
      await new TestBrowser(t.server).trpc.security.confirmEmailChange.mutate({ token: changeToken });
      await (await callerFor(t.server.deps, m)).accounts.resendActivation();
      const newLink = tokenFromText(
        t.server.mailer.sent.findLast((x) => x.to === newEmail && x.text.includes("/activate?"))!.text,
      );
      await new TestBrowser(t.server).trpc.accounts.activate.mutate({ token: newLink });
      expect((await other.trpc.accounts.me.query())?.status).toBe("active");

      const err = await failureOf(new TestBrowser(t.server).trpc.accounts.activate.mutate({ token: oldLink }));
      expect(appCodeOf(err)).toBe("LINK_INVALID");
    }
    // Nor for an account pending deletion.
    {
      const m = await createMember(t.server.deps, { confirmed: false });
      const used = tokenFromText(t.server.mailer.sent.findLast((x) => x.to === m.email)!.text);
      await new TestBrowser(t.server).trpc.accounts.activate.mutate({ token: used });
      await t.server.deps.db.updateTable("users").set({ status: "pending_deletion" }).where("id", "=", m.id).execute();
      const err = await failureOf(new TestBrowser(t.server).trpc.accounts.activate.mutate({ token: used }));
      expect(appCodeOf(err)).toBe("LINK_INVALID");
    }
  });

  it("refuses an expired link", async () => {
    const m = await createMember(t.server.deps, { confirmed: false });
    const mail = t.server.mailer.sent.findLast((x) => x.to === m.email)!;
    await t.server.deps.db
      .updateTable("email_tokens")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("user_id", "=", m.id)
      .execute();
    const err = await failureOf(
      new TestBrowser(t.server).trpc.accounts.activate.mutate({ token: tokenFromText(mail.text) }),
    );
    expect(appCodeOf(err)).toBe("LINK_INVALID");
    const row = await t.server.deps.db
      .selectFrom("users")
      .select("status")
      .where("id", "=", m.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("not_confirmed");
  });
});
