import { describe, expect, it } from "vitest";
import { decodeQuotedPrintable, useSmtpTestServer } from "../support/smtp-inbox.js";
import { createMemberWithApi, eventually } from "../support/factories.js";
import { grantOperator } from "../../server/features/moderation/moderation.service.js";

/** Unfold RFC 5322 headers and decode RFC 2047 encoded words (UTF-8, B or Q). */
function headersOf(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  const decode = (v: string) =>
    v.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
      enc.toLowerCase() === "b"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
  return new Map(
    head.split(/\r?\n/).map((line) => {
      const i = line.indexOf(":");
      return [line.slice(0, i).toLowerCase(), decode(line.slice(i + 1).trim())] as [string, string];
    }),
  );
}

/** Notification mails over real SMTP (smtp-server): headers, parts, language (issue 9). */
describe("notification mails over real SMTP (SMTP_URL)", () => {
  const t = useSmtpTestServer();
  const inbox = t.inbox;

  it("a like mailed in the member's language, with List-Unsubscribe (RFC 8058), an HTML and a text part", async () => {
    const a = await createMemberWithApi(t.server.deps, { name: "Anna Absender" });
    const b = await createMemberWithApi(t.server.deps);
    await b.api.accounts.updateSettings({ language: "de" });
    await a.api.likes.like({ profileId: b.id });

    const mail = await eventually(
      () => inbox.find((m) => m.to.includes(b.email) && /likes|mag/i.test(headersOf(m.raw).get("subject") ?? "")),
      { what: "the like mail to arrive over SMTP" },
    );
    const h = headersOf(mail.raw);
    expect(h.get("subject")).toBe("Anna Absender mag dich auf Amora");
    expect(h.get("list-unsubscribe")).toMatch(/^<http:\/\/localhost:\d+\/mail\/unsubscribe\?token=\d+\.[\w-]{43}>$/);
    expect(h.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(h.get("content-type")).toMatch(/^multipart\/alternative/);
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
    expect(body).toMatch(/Content-Type: text\/html; charset=utf-8/i);
    expect(body).toContain("Hallo ");
    expect(body).toContain("Diese E-Mails abbestellen");
    expect(body).toContain("/mail/unsubscribe?token=");

    // The one-click POST to that address unsubscribes without login.
    const url = h
      .get("list-unsubscribe")!
      .slice(1, -1)
      .replace(/^http:\/\/localhost:\d+/, t.server.url);
    const res = await fetch(url, { method: "POST", body: "List-Unsubscribe=One-Click" });
    expect(res.status).toBe(200);
    expect((await b.api.notifications.settings()).notificationsDisabled).toBe("listunsubscribe");
  });

  it("the activation mail comes from the same catalogs and queue, in the member's language", async () => {
    const m = await createMemberWithApi(t.server.deps, { confirmed: false });
    const first = await eventually(() => inbox.find((x) => x.to.includes(m.email)));
    expect(headersOf(first.raw).get("subject")).toBe("Confirm your e-mail address for Amora");
    await m.api.accounts.updateSettings({ language: "fr" });
    await m.api.accounts.resendActivation();
    const second = await eventually(() => inbox.filter((x) => x.to.includes(m.email))[1]);
    expect(headersOf(second.raw).get("subject")).toBe("Confirmez votre adresse e-mail pour Amora");
    expect(decodeQuotedPrintable(second.raw)).toMatch(/\/activate\?token=/);
  });

  it("a moderation warning is mailed in the member's language with the operator's note, and no unsubscribe", async () => {
    const [m, op] = await Promise.all([createMemberWithApi(t.server.deps), createMemberWithApi(t.server.deps)]);
    await grantOperator(t.server.deps, op.email);
    await m.api.accounts.updateSettings({ language: "de" });
    await op.api.moderation.warn({ userId: m.id, note: "Bitte <b>freundlich</b> bleiben" });

    const mail = await eventually(
      () => inbox.find((x) => x.to.includes(m.email) && /Verwarnung/.test(headersOf(x.raw).get("subject") ?? "")),
      { what: "the warning to arrive over SMTP" },
    );
    const h = headersOf(mail.raw);
    expect(h.get("subject")).toBe("Eine Verwarnung von Amora");
    expect(h.has("list-unsubscribe")).toBe(false);
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toContain("Unser Team hat eine Meldung über dein Konto bei Amora geprüft.");
    expect(body).toContain("Hinweis unseres Teams: Bitte <b>freundlich</b> bleiben"); // the text part
    expect(body).toContain("Hinweis unseres Teams: Bitte &#60;b&#62;freundlich&#60;/b&#62; bleiben"); // escaped in HTML
    expect(body).not.toContain("/mail/unsubscribe");
  });
});
