import { describe, expect, it } from "vitest";
import { decodeQuotedPrintable, useSmtpTestServer } from "../support/smtp-inbox.js";
import { TestBrowser } from "../support/client.js";
import { eventually, signupFields } from "../support/factories.js";

describe("activation mail over real SMTP (SMTP_URL)", () => {
  const t = useSmtpTestServer();
  const inbox = t.inbox;

  it("sends the confirmation mail at signup; following its link activates the account", async () => {
    const b = new TestBrowser(t.server);
    const fields = signupFields({ name: "Smtp Tester" });
    const user = await b.trpc.accounts.signup.mutate(fields as never);
    expect(user.status).toBe("not_confirmed");

    const mail = await eventually(() => inbox.find((m) => m.to.includes(fields.email)), {
      what: "the mail to arrive over SMTP",
    });
    expect(mail.to).toEqual([fields.email]);
    expect(mail.from).toBe("no-reply@amora.test");
    const text = decodeQuotedPrintable(mail.raw);
    expect(text).toMatch(new RegExp(`^To: ${fields.email.replace(/[.+]/g, "\\$&")}\\s*$`, "mi"));
    expect(text).toMatch(/^Subject: Confirm your e-mail address for Amora\s*$/m);
    expect(text).toContain("Hello Smtp Tester");

    const link = /https?:\/\/[^\s"<>]+\/activate\?token=[^\s"<>]+/.exec(text)?.[0];
    expect(link, "an activation link in the mail").toBeDefined();
    const url = new URL(link!);
    // The link leads back to this site, as configured (the default site: http://localhost:PORT), never the Host header.
    expect(url.origin).toBe(`http://localhost:${t.server.deps.config.PORT}`);
    expect(url.pathname).toBe("/activate");

    // The /activate page posts the link's token to accounts.activate.
    await b.trpc.accounts.activate.mutate({ token: url.searchParams.get("token")! });
    const me = await b.trpc.accounts.me.query();
    expect(me?.status).toBe("active");
    expect(me?.profileStatus).toBe("active");
  });
});
