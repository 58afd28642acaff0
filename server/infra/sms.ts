import fs from "node:fs/promises";
import path from "node:path";
import crypto from "node:crypto";
import type { Logger } from "./logger.js";

/** One SMS: the E.164 number and the text. */
export interface Sms {
  /** E.164, e.g. "+31612345678". */
  to: string;
  text: string;
}

/**
 * Outgoing SMS (the direct debit code, §5). Embedded default: each SMS is written as a text
 * file under var/sms/ (DATA_DIR/sms) and its path logged, as mails are under var/mail/. A
 * provider adapter implements the same interface.
 */
export interface SmsSender {
  send(sms: Sms): Promise<void>;
}

/** The embedded default: one file per SMS, named `<ms>-<phone digits>-<random>.txt`. */
export function createFileSmsSender(opts: { smsDir: string; log: Logger }): SmsSender {
  return {
    async send(sms) {
      await fs.mkdir(opts.smsDir, { recursive: true });
      const digits = sms.to.replace(/\D/g, "");
      const file = path.join(opts.smsDir, `${Date.now()}-${digits}-${crypto.randomBytes(3).toString("hex")}.txt`);
      await fs.writeFile(file, `To: ${sms.to}\nDate: ${new Date().toISOString()}\n\n${sms.text}\n`);
      opts.log.info({ to: sms.to, file }, "SMS written to file");
    },
  };
}
