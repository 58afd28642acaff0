import type { Mail, Mailer } from "../../server/infra/mailer.js";

/**
 * The app's real mailer (writing .eml files, or SMTP), plus a list of what it sent, so tests
 * can follow the links in mails without parsing files. Not a mock: every mail still goes out.
 */
export interface RecordingMailer extends Mailer {
  sent: Mail[];
}

export function recordingMailer(inner: Mailer): RecordingMailer {
  const sent: Mail[] = [];
  return {
    sent,
    async send(mail) {
      await inner.send(mail);
      sent.push(mail);
    },
  };
}

/** The activation token in the newest mail to `email`, as the link carries it. */
export function activationTokenFor(mailer: Mailer, email: string): string {
  const sent = (mailer as Partial<RecordingMailer>).sent;
  if (!sent) throw new Error("the app's mailer does not record mails: build it with startTestServer()");
  const mail = sent.findLast((m) => m.to === email);
  if (!mail) throw new Error(`no mail was sent to ${email}`);
  return tokenFromText(mail.text);
}

/** Extract the token of an /activate?token=… link from a mail's text. */
export function tokenFromText(text: string): string {
  const m = /\/activate\?token=([^\s"'<>&]+)/.exec(text);
  if (!m) throw new Error(`no activation link in mail:\n${text}`);
  return decodeURIComponent(m[1]!);
}

/**
 * The token of the newest password-reset link (/reset-password/do?token=…) mailed to `email`, or
 * undefined when none was sent yet (the mail leaves from the outbox: poll with eventually()).
 */
export function resetTokenFor(mailer: Mailer, email: string): string | undefined {
  const sent = (mailer as Partial<RecordingMailer>).sent;
  if (!sent) throw new Error("the app's mailer does not record mails: build it with startTestServer()");
  const mail = sent.findLast((m) => m.to === email && m.text.includes("/reset-password/do?token="));
  const m = mail && /\/reset-password\/do\?token=([A-Za-z0-9_%-]+)/.exec(mail.text);
  return m ? decodeURIComponent(m[1]!) : undefined;
}
