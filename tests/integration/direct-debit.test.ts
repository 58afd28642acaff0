import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/server.js";
import { appCodeOf, failureOf, memberFactory } from "../support/factories.js";
import { decideCheckout, getCheckout, referenceOf, webhooksDelivered } from "../support/payments.js";

/**
 * Direct debit (§2 /directdebit, §3 form, §5: SMS code and consent required, §8: 'Code invalid',
 * account blocked, limit reached): IBAN and phone validated by ibantools and libphonenumber-js;
 * the code written under var/sms/ in the embedded default; sdd payments under the mandate.
 */
describe("direct debit", () => {
  const t = useTestServer();
  const IBAN = "NL91 ABNA 0417 1643 00";
  const FORM = {
    accountHolder: "Sam de Vries",
    iban: IBAN,
    street: "Damrak",
    houseNumber: "1",
    zip: "1012 LG",
    city: "Amsterdam",
    phone: "06 12345678",
    phoneCountry: "NL",
  };

  const member = memberFactory(t, { country: "NL" });
  type Member = Awaited<ReturnType<typeof member>>;

  /** The code in the newest SMS file to `e164`, read as the member reads their phone. */
  function smsCodeTo(e164: string): string {
    const dir = path.join(t.server.deps.config.DATA_DIR, "sms");
    const digits = e164.replace(/\D/g, "");
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.includes(`-${digits}-`))
      .sort();
    const text = fs.readFileSync(path.join(dir, files.at(-1)!), "utf8");
    expect(text).toContain(`To: ${e164}`);
    return /\b(\d{6})\b/.exec(text)![1]!;
  }

  async function confirmMandate(m: Member, form = FORM) {
    await m.api.directDebit.requestCode(form);
    return m.api.directDebit.confirm({ otp: smsCodeTo("+31612345678"), consent: true });
  }

  async function startSdd(m: Member, credits = 100) {
    const pkg = (await m.api.credits.packages({ country: "NL" })).packages.find((p) => p.credits === credits)!;
    return m.api.payments.start({
      packageId: pkg.id,
      method: "sdd",
      country: "NL",
      discountCode: null,
      idempotencyKey: crypto.randomUUID(),
    });
  }

  it("validates the IBAN and the phone number with the libraries, field by field", async () => {
    const m = await member();
    const bad = await failureOf(
      m.api.directDebit.requestCode({ ...FORM, iban: "NL91 ABNA 0417 1643 01", phone: "12" }),
    );
    expect(appCodeOf(bad)).toBe("VALIDATION");
    const fields = (bad as { cause?: { issues?: Array<{ path: string[] }> } }).cause?.issues?.map((i) => i.path[0]);
    expect(fields).toEqual(expect.arrayContaining(["iban", "phone"]));
    expect(appCodeOf(await failureOf(m.api.directDebit.requestCode({ ...FORM, iban: "US12 3456 7890" })))).toBe(
      "VALIDATION",
    );
    expect(appCodeOf(await failureOf(m.api.directDebit.requestCode({ ...FORM, phone: "+31 6 1234" })))).toBe(
      "VALIDATION",
    );
    // International numbers and other spellings of the IBAN pass.
    expect(
      await m.api.directDebit.requestCode({
        ...FORM,
        iban: "nl91abna0417164300",
        phone: "+49 151 23456789",
        phoneCountry: "NL",
      }),
    ).toMatchObject({ phoneMasked: expect.stringMatching(/^\+491/) });
  });

  it("sends a 6-digit code by SMS (a file under var/sms/), and confirms the mandate with the code and the consent", async () => {
    const m = await member();
    const sent = await m.api.directDebit.requestCode(FORM);
    expect(sent.phoneMasked).toMatch(/^\+316•+ 5678$/);
    expect((await m.api.directDebit.state()).pending).toMatchObject({ ibanMasked: "NL91 •••• 4300", attemptsLeft: 5 });
    const code = smsCodeTo("+31612345678");
    expect(appCodeOf(await failureOf(m.api.directDebit.confirm({ otp: code, consent: false as true })))).toBe(
      "VALIDATION",
    );
    const state = await m.api.directDebit.confirm({ otp: code, consent: true });
    expect(state.mandate).toMatchObject({
      accountHolder: "Sam de Vries",
      ibanMasked: "NL91 •••• 4300",
      city: "Amsterdam",
    });
    expect(state.pending).toBeNull();
    const row = await t.server.deps.db
      .selectFrom("direct_debit_mandates")
      .selectAll()
      .where("user_id", "=", m.id)
      .where("status", "=", "active")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ iban: "NL91ABNA0417164300", phone: "+31612345678", otp_hash: null });
    expect(row.consent_at).not.toBeNull();
  });

  it("'Code invalid' for a wrong code, counting attempts; after five the right code no longer works", async () => {
    const m = await member();
    await m.api.directDebit.requestCode(FORM);
    const code = smsCodeTo("+31612345678");
    const wrong = code === "000000" ? "111111" : "000000";
    for (let left = 4; left >= 0; left--) {
      const err = await failureOf(m.api.directDebit.confirm({ otp: wrong, consent: true }));
      expect(appCodeOf(err)).toBe("CODE_INVALID");
      expect((err as { cause?: { details?: unknown } }).cause?.details).toEqual({ attemptsLeft: left });
    }
    expect(appCodeOf(await failureOf(m.api.directDebit.confirm({ otp: code, consent: true })))).toBe("CODE_INVALID");
    expect((await m.api.directDebit.state()).mandate).toBeNull();
    // A new code starts over.
    expect((await confirmMandate(m)).mandate).not.toBeNull();
  });

  it("'Code invalid' for an expired code or when no code was requested", async () => {
    const m = await member();
    expect(appCodeOf(await failureOf(m.api.directDebit.confirm({ otp: "123456", consent: true })))).toBe(
      "CODE_INVALID",
    );
    await m.api.directDebit.requestCode(FORM);
    await t.server.deps.db
      .updateTable("direct_debit_mandates")
      .set({ otp_expires_at: new Date(Date.now() - 1000) })
      .where("user_id", "=", m.id)
      .execute();
    expect(
      appCodeOf(await failureOf(m.api.directDebit.confirm({ otp: smsCodeTo("+31612345678"), consent: true }))),
    ).toBe("CODE_INVALID");
  });

  it("requests at once (two tabs, a double click) each get an answer, never a 500: one code stands, and the daily limit holds", async () => {
    const m = await member();
    const answers = await Promise.allSettled(Array.from({ length: 7 }, () => m.api.directDebit.requestCode(FORM)));
    const refused = answers.filter((a) => a.status === "rejected").map((a) => appCodeOf(a.reason));
    expect(refused).toEqual(["DIRECT_DEBIT_LIMIT", "DIRECT_DEBIT_LIMIT"]);
    const pending = await t.server.deps.db
      .selectFrom("direct_debit_mandates")
      .select("id")
      .where("user_id", "=", m.id)
      .where("status", "=", "pending_verification")
      .execute();
    expect(pending).toHaveLength(1);
  });

  it("limit reached: at most 5 SMS codes a day", async () => {
    const m = await member();
    for (let i = 0; i < 5; i++) await m.api.directDebit.requestCode(FORM);
    const err = await failureOf(m.api.directDebit.requestCode(FORM));
    expect(appCodeOf(err)).toBe("DIRECT_DEBIT_LIMIT");
    expect((err as { cause?: { details?: unknown } }).cause?.details).toEqual({ kind: "sms", limit: 5 });
  });

  it("sdd needs a confirmed mandate; with one, the provider collects under it", async () => {
    const m = await member();
    expect(appCodeOf(await failureOf(startSdd(m)))).toBe("DIRECT_DEBIT_REQUIRED");
    await confirmMandate(m);
    const { payment, checkoutUrl } = await startSdd(m);
    expect(payment).toMatchObject({ status: "pending", method: "sdd" });
    const checkout = await getCheckout(t.server, referenceOf(checkoutUrl));
    expect(checkout.body).toMatchObject({ isDirectDebit: true, ibanMasked: "NL91 •••• 4300" });
    await decideCheckout(t.server, referenceOf(checkoutUrl), { outcome: "approve" });
    await webhooksDelivered(t.server);
    expect((await m.api.accounts.me())!).toMatchObject({ credits: 100, paidUser: true });
  });

  it("limit reached: at most €150 of direct debit in 30 days", async () => {
    const m = await member();
    await confirmMandate(m);
    await startSdd(m, 1500); // 79.99
    const err = await failureOf(startSdd(m, 1500));
    expect(appCodeOf(err)).toBe("DIRECT_DEBIT_LIMIT");
    expect((err as { cause?: { details?: unknown } }).cause?.details).toEqual({ kind: "amount", limit: 15000 });
    expect((await startSdd(m, 250)).payment.status).toBe("pending"); // 79.99 + 19.99 fits
    expect((await m.api.directDebit.state()).usedCents).toBe(7999 + 1999);
  });

  it("a returned debit blocks the member and the account for direct debit", async () => {
    const m = await member();
    await confirmMandate(m);
    const { checkoutUrl } = await startSdd(m);
    await decideCheckout(t.server, referenceOf(checkoutUrl), { outcome: "fail" });
    await webhooksDelivered(t.server);
    const state = await m.api.directDebit.state();
    expect(state).toMatchObject({ blocked: true, mandate: null });
    expect(appCodeOf(await failureOf(m.api.directDebit.requestCode(FORM)))).toBe("DIRECT_DEBIT_BLOCKED");
    expect(appCodeOf(await failureOf(startSdd(m)))).toBe("DIRECT_DEBIT_REQUIRED");
    // The same account under another member is blocked too.
    const other = await member();
    expect(appCodeOf(await failureOf(other.api.directDebit.requestCode(FORM)))).toBe("DIRECT_DEBIT_BLOCKED");
    expect(
      (await other.api.directDebit.requestCode({ ...FORM, iban: "DE89 3704 0044 0532 0130 00" })).phoneMasked,
    ).toBeTruthy();
  });

  it("an unconfirmed member gets EMAIL_NOT_CONFIRMED, and no SMS is sent (security review of 2026-11-27 §6)", async () => {
    const m = await member({ confirmed: false });
    const phone = "+31 6 11223344";
    const err = await failureOf(m.api.directDebit.requestCode({ ...FORM, phone }));
    expect(appCodeOf(err)).toBe("EMAIL_NOT_CONFIRMED");
    expect(smsFilesTo("+31611223344")).toEqual([]);
    expect((await m.api.directDebit.state()).pending).toBeNull();
  });

  it("premium-rate and fixed-line numbers are refused on the phone field, and nothing is sent (security review §6)", async () => {
    const m = await member();
    for (const [phone, phoneCountry, e164] of [
      ["0906 123456", "NL", "+31906123456"], // premium rate (NL 0906)
      ["+44 909 876 5432", "NL", "+449098765432"], // premium rate (GB 09)
      ["020 123 4567", "NL", "+31201234567"], // fixed line (Amsterdam)
    ] as const) {
      const err = await failureOf(m.api.directDebit.requestCode({ ...FORM, phone, phoneCountry }));
      expect([phone, appCodeOf(err)]).toEqual([phone, "VALIDATION"]);
      const fields = (err as { cause?: { issues?: Array<{ path: string[]; message: string }> } }).cause?.issues;
      expect(fields?.map((i) => [i.path[0], i.message])).toEqual([["phone", "Enter a valid mobile phone number"]]);
      expect(smsFilesTo(e164)).toEqual([]);
    }
    expect((await m.api.directDebit.state()).pending).toBeNull();
  });

  /** The SMS files written to `e164` (var/sms/ in the embedded default). */
  function smsFilesTo(e164: string): string[] {
    const dir = path.join(t.server.deps.config.DATA_DIR, "sms");
    const digits = e164.replace(/\D/g, "");
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.includes(`-${digits}-`)) : [];
  }
});

describe("direct debit SMS codes per phone number, across members (security review of 2026-11-27 §6)", () => {
  // The shipped default of RATE_LIMIT_SMS_PHONE (3 a day), counted in Redis keys of this server only.
  const t = useTestServer({
    env: {
      RATE_LIMIT_SMS_PHONE: undefined,
      REDIS_CHANNEL_PREFIX: `dd-phone-${crypto.randomBytes(4).toString("hex")}:`,
    },
  });
  const member = memberFactory(t, { country: "NL" });
  const FORM = {
    accountHolder: "Sam de Vries",
    iban: "NL91 ABNA 0417 1643 00",
    street: "Damrak",
    houseNumber: "1",
    zip: "1012 LG",
    city: "Amsterdam",
    phoneCountry: "NL",
  };
  const smsCountTo = (digits: string) =>
    fs.readdirSync(path.join(t.server.deps.config.DATA_DIR, "sms")).filter((f) => f.includes(`-${digits}-`)).length;

  it("a number gets 3 codes a day whichever members ask; the 4th is §8 'limit reached' and is not sent", async () => {
    const [first, second, third] = [await member(), await member(), await member()];
    await first.api.directDebit.requestCode({ ...FORM, phone: "06 12398765" });
    await first.api.directDebit.requestCode({ ...FORM, phone: "+31 6 12398765" });
    await second.api.directDebit.requestCode({ ...FORM, phone: "0031612398765" });
    const err = await failureOf(third.api.directDebit.requestCode({ ...FORM, phone: "06-12398765" }));
    expect(appCodeOf(err)).toBe("DIRECT_DEBIT_LIMIT");
    expect(err.message).toBe("Direct debit limit reached.");
    expect((err as { cause?: { details?: unknown } }).cause?.details).toEqual({ kind: "phone", limit: 3 });
    expect(smsCountTo("31612398765")).toBe(3);
    expect((await third.api.directDebit.state()).pending).toBeNull();
    // The member is not limited by it: their own number still gets a code.
    expect((await third.api.directDebit.requestCode({ ...FORM, phone: "06 12398766" })).phoneMasked).toBe(
      "+316•••• 8766",
    );
  });
});
