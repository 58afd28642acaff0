import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../server/infra/logger.js";
import { createMailer } from "../../server/infra/mailer.js";

/**
 * Without SMTP_URL each mail is written to a file and logged. Its first link (an activation or a
 * reset link, with a working token) is in the log line in development only: a production log
 * must not hold a token that logs a reader into someone's account.
 */
describe("the file mailer's log line", () => {
  it.each([
    [true, "development and tests: with the link"],
    [false, "production: without it"],
  ])("logLinks %s (%s)", async (logLinks) => {
    const lines: string[] = [];
    const log = createLogger("info", "test", { write: (line: string) => void lines.push(line) });
    const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "mailer-log-"));
    try {
      const mailer = createMailer({ mailDir, from: "Amora <no-reply@amora.test>", log, logLinks });
      const link = "https://amora.example/reset-password/do?token=a-working-token";
      await mailer.send({ to: "member@example.test", subject: "Reset your password", text: `Choose one: ${link}\n` });
      const logged = JSON.parse(lines.at(-1)!) as { msg: string; file: string; link?: string };
      expect(logged.msg).toBe("mail written to file");
      expect(fs.readFileSync(logged.file, "utf8")).toContain("a-working-token"); // the mail itself has it
      if (logLinks) expect(logged.link).toBe(link);
      else expect(lines.join("\n")).not.toContain("a-working-token");
    } finally {
      fs.rmSync(mailDir, { recursive: true, force: true });
    }
  });
});
