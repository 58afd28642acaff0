import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SMTPServer } from "smtp-server";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { TestBrowser } from "../support/client.js";
import { eventually, signupFields } from "../support/factories.js";

/** A mail as the SMTP server received it. */
interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** Undo quoted-printable (soft line breaks and =XX), enough to read links and headers. */
function decodeQuotedPrintable(s: string): string {
  const bytes = s
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

describe("activation mail over real SMTP (SMTP_URL)", () => {
  const inbox: Received[] = [];
  let smtp: SMTPServer;
  let db: TestDatabase;
  let server: TestServer;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          inbox.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    db = await createTestDatabase();
    server = await startTestServer(db, {
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Amora <no-reply@amora.test>" },
    });
  });

  afterAll(async () => {
    await server?.close();
    await db?.drop();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  it("sends the confirmation mail at signup; following its link activates the account", async () => {
    const b = new TestBrowser(server);
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
    expect(url.origin).toBe(`http://localhost:${server.deps.config.PORT}`);
    expect(url.pathname).toBe("/activate");

    // The /activate page posts the link's token to accounts.activate.
    await b.trpc.accounts.activate.mutate({ token: url.searchParams.get("token")! });
    const me = await b.trpc.accounts.me.query();
    expect(me?.status).toBe("active");
    expect(me?.profileStatus).toBe("active");
  });
});
