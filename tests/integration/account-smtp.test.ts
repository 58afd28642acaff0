import { describe, expect, it } from "vitest";
import { decodeQuotedPrintable, useSmtpTestServer } from "../support/smtp-inbox.js";
import { TestBrowser } from "../support/client.js";
import { appCodeOf, createMember, eventually, failureOf, uniqueEmail } from "../support/factories.js";
import { useTestServer } from "../support/server.js";
import { hashToken } from "../../server/features/accounts/sessions.service.js";
import { grantOperator } from "../../server/features/moderation/moderation.service.js";

describe("password reset mail over real SMTP (SMTP_URL)", () => {
  const t = useSmtpTestServer();
  const inbox = t.inbox;

  it("mails a one-hour reset link from the configured origin; following it sets the password and logs in", async () => {
    const m = await createMember(t.server.deps);
    const visitor = new TestBrowser(t.server);
    await visitor.trpc.security.requestPasswordReset.mutate({ email: m.email });

    const mail = await eventually(
      () => inbox.find((x) => x.to.includes(m.email) && decodeQuotedPrintable(x.raw).includes("reset-password")),
      {
        what: "the reset mail to arrive over SMTP",
      },
    );
    expect(mail.to).toEqual([m.email]);
    expect(mail.from).toBe("no-reply@amora.test");
    const text = decodeQuotedPrintable(mail.raw);
    expect(text).toMatch(/^Subject: Reset your password for Amora\s*$/m);
    expect(text).toContain(`Hello ${m.name}`);
    expect(text).toContain("within one hour");
    expect(text).toMatch(/^Content-Type: text\/plain/m);
    expect(text).toMatch(/^Content-Type: text\/html/m);

    const link = /https?:\/\/[^\s"<>]+\/reset-password\/do\?token=[^\s"<>]+/.exec(text)?.[0];
    expect(link, "a reset link in the mail").toBeDefined();
    const url = new URL(link!);
    expect(url.origin).toBe(`http://localhost:${t.server.deps.config.PORT}`);

    const b = new TestBrowser(t.server);
    await b.trpc.security.completePasswordReset.mutate({
      token: url.searchParams.get("token")!,
      password: "smtp new pass 1",
      passwordRepeat: "smtp new pass 1",
    });
    expect((await b.trpc.accounts.me.query())?.id).toBe(m.id);
  });
});

describe("the mail server away (SMTP_URL unreachable)", () => {
  const t = useTestServer({ env: { SMTP_URL: "smtp://127.0.0.1:1" } });

  it("an e-mail change answers SERVICE_UNAVAILABLE and leaves no usable link; the address stays", async () => {
    // No activation mail can arrive either: the account is confirmed directly.
    const m = await createMember(t.server.deps, { confirmed: false });
    await t.server.deps.db.updateTable("users").set({ status: "active" }).where("id", "=", m.id).execute();
    const me = await TestBrowser.loggedIn(t.server, m);
    const err = await failureOf(
      me.trpc.security.requestEmailChange.mutate({ email: uniqueEmail("unsent"), password: m.password }),
    );
    expect(appCodeOf(err)).toBe("SERVICE_UNAVAILABLE");
    const usable = await t.server.deps.db
      .selectFrom("email_tokens")
      .select("id")
      .where("user_id", "=", m.id)
      .where("purpose", "=", "change_email")
      .where("used_at", "is", null)
      .execute();
    expect(usable).toEqual([]);
    expect((await me.trpc.accounts.me.query())?.email).toBe(m.email);
  });
  it("the notice to the old address and a moderation warning stay queued while the mail server is away: the change and the decision hold", async () => {
    // No activation mail can arrive: both accounts are confirmed directly.
    const [m, op] = await Promise.all([
      createMember(t.server.deps, { confirmed: false }),
      createMember(t.server.deps, { confirmed: false }),
    ]);
    await t.server.deps.db.updateTable("users").set({ status: "active" }).where("id", "in", [m.id, op.id]).execute();
    await grantOperator(t.server.deps, op.email);
    // A change link as the member would have had it mailed before the mail server went away.
    const token = "an-e-mail-change-link-mailed-earlier";
    const newEmail = uniqueEmail("moved");
    await t.server.deps.db
      .insertInto("email_tokens")
      .values({
        id: hashToken(token),
        user_id: m.id,
        purpose: "change_email",
        new_email: newEmail,
        expires_at: new Date(Date.now() + 3_600_000),
      })
      .execute();
    expect(await new TestBrowser(t.server).trpc.security.confirmEmailChange.mutate({ token })).toEqual({
      email: newEmail,
    });
    const operator = await TestBrowser.loggedIn(t.server, op);
    await operator.trpc.moderation.warn.mutate({ userId: m.id, note: "Be kind" });

    const queued = await t.server.deps.db
      .selectFrom("mail_outbox")
      .select(["kind", "to_address", "status", "attempts"])
      .where("user_id", "=", m.id)
      .where("kind", "in", ["email_changed", "moderation_warning"])
      .orderBy("id")
      .execute();
    // Each was tried once by this instance and waits for the workers' next attempt.
    expect(queued).toEqual([
      { kind: "email_changed", to_address: m.email, status: "pending", attempts: 1 },
      { kind: "moderation_warning", to_address: null, status: "pending", attempts: 1 },
    ]);
  });
});
