import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SMTPServer } from "smtp-server";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { TestBrowser } from "../support/client.js";
import { createMember, eventually } from "../support/factories.js";

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

describe("password reset mail over real SMTP (SMTP_URL)", () => {
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

  it("mails a one-hour reset link from the configured origin; following it sets the password and logs in", async () => {
    const m = await createMember(server.deps);
    const visitor = new TestBrowser(server);
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
    expect(url.origin).toBe(`http://localhost:${server.deps.config.PORT}`);

    const b = new TestBrowser(server);
    await b.trpc.security.completePasswordReset.mutate({
      token: url.searchParams.get("token")!,
      password: "smtp new pass 1",
      passwordRepeat: "smtp new pass 1",
    });
    expect((await b.trpc.accounts.me.query())?.id).toBe(m.id);
  });
});
