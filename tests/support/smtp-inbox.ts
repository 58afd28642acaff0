import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { SMTPServer } from "smtp-server";
import { createTestDatabase, type TestDatabase } from "./database.js";
import { startTestServer, type TestServer } from "./server.js";

/** A mail as the SMTP server received it. */
export interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** Undo quoted-printable (soft line breaks and =XX), enough to read links and headers. */
export function decodeQuotedPrintable(s: string): string {
  const bytes = s
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/**
 * For the current test file: a real SMTP server (smtp-server) on a free port whose mails land in
 * `inbox`, and a test server sending to it (SMTP_URL, MAIL_FROM "Amora <no-reply@amora.test>") on
 * a fresh database; created in beforeAll, closed in afterAll. Read `.server` inside tests.
 */
export function useSmtpTestServer(): { readonly inbox: Received[]; readonly server: TestServer } {
  const inbox: Received[] = [];
  let smtp: SMTPServer | undefined;
  let db: TestDatabase | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    const listening = new SMTPServer({
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
    smtp = listening;
    await new Promise<void>((resolve) => listening.listen(0, "127.0.0.1", resolve));
    const port = (listening.server.address() as AddressInfo).port;
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
  return {
    inbox,
    get server() {
      if (!server) throw new Error("the test server is not started yet (use it inside a test or hook)");
      return server;
    },
  };
}
