import fs from "node:fs/promises";
import path from "node:path";
import crypto from "node:crypto";
import nodemailer from "nodemailer";
import type { Logger } from "./logger.js";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

/**
 * Outgoing e-mail. Embedded default: each mail is written as an .eml file under
 * var/mail/ and its path logged (with its first link when `logLinks`: development and tests, never
 * production). With SMTP_URL: sent through nodemailer's SMTP transport.
 */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function createMailer(opts: {
  smtpUrl?: string;
  mailDir: string;
  from: string;
  log: Logger;
  logLinks?: boolean;
}): Mailer {
  const transport = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      if (opts.smtpUrl) {
        opts.log.info({ to: mail.to, subject: mail.subject }, "mail sent over SMTP");
        return;
      }
      await fs.mkdir(opts.mailDir, { recursive: true });
      const file = path.join(opts.mailDir, `${Date.now()}-${crypto.randomBytes(4).toString("hex")}.eml`);
      await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
      // The first link (an activation or reset link) is logged for development only: in production
      // it would put a working token into the logs.
      const link = opts.logLinks ? /https?:\/\/\S+/.exec(mail.text)?.[0] : undefined;
      opts.log.info({ to: mail.to, subject: mail.subject, file, link }, "mail written to file");
    },
  };
}
