import { describe, expect, it } from "vitest";
import { decodeQuotedPrintable, useSmtpTestServer } from "../support/smtp-inbox.js";
import { TestBrowser } from "../support/client.js";
import { createMember, eventually } from "../support/factories.js";

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
