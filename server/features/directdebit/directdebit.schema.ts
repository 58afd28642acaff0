import { z } from "zod";
import { electronicFormatIBAN, isSEPACountry, isValidIBAN } from "ibantools";
import { isValidPhoneNumber, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";
// The full metadata knows each number's type (mobile, fixed line, premium rate…); the default
// (min) one does not. Server side only: the client checks with the min metadata, this refines it.
import { parsePhoneNumberFromString as parseWithTypes } from "libphonenumber-js/max";
import { safeText } from "../../validation.js";

/**
 * A number the SMS code can go to: a mobile number, or one of a plan that does not tell mobile
 * from fixed line (FIXED_LINE_OR_MOBILE, e.g. the US). Premium-rate, shared-cost, toll-free, VoIP,
 * personal, pager and fixed-line numbers are refused (security review of 2026-11-27, §6: SMS
 * pumping to numbers that pay their owner), as is a number whose type the metadata cannot tell.
 */
function isMobileNumber(phone: string, country: CountryCode): boolean {
  const type = parseWithTypes(phone, country)?.getType();
  return type === "MOBILE" || type === "FIXED_LINE_OR_MOBILE";
}

/**
 * §3 direct debit form (without the code): validated here, at the edge, with the IBAN and phone
 * libraries; the phone must be a valid mobile number (isMobileNumber).
 */
export const RequestDirectDebitCodeInput = z
  .object({
    accountHolder: safeText({ min: 2, max: 100, label: "Account holder" }),
    /** Any spacing or case; stored in electronic format. Must be a valid IBAN of a SEPA country. */
    iban: z
      .string()
      .max(64)
      .transform((v) => electronicFormatIBAN(v) ?? "")
      .refine((v) => isValidIBAN(v), { message: "Enter a valid IBAN" })
      .refine((v) => isSEPACountry(v.slice(0, 2)), { message: "Direct debit needs an account in the SEPA area" }),
    street: safeText({ min: 1, max: 100, label: "Street" }),
    houseNumber: safeText({ min: 1, max: 20, label: "House number" }),
    zip: safeText({ min: 2, max: 16, label: "Zip code" }),
    city: safeText({ min: 1, max: 100, label: "City" }),
    /** The phone number as typed: national (read in phoneCountry) or international (+…). */
    phone: z.string().trim().min(3).max(32),
    /** ISO alpha-2 country for a national phone number. */
    phoneCountry: z.string().regex(/^[A-Z]{2}$/),
  })
  .superRefine((v, ctx) => {
    const country = v.phoneCountry as CountryCode;
    if (!isValidPhoneNumber(v.phone, country) || !isMobileNumber(v.phone, country)) {
      ctx.addIssue({ code: "custom", path: ["phone"], message: "Enter a valid mobile phone number" });
    }
  })
  .transform((v) => ({
    ...v,
    phone: parsePhoneNumberFromString(v.phone, v.phoneCountry as CountryCode)!.number as string,
  }));
/** The validated form: IBAN in electronic format, phone in E.164. */
export type RequestDirectDebitCodeInput = z.infer<typeof RequestDirectDebitCodeInput>;

/** The SMS code and the consent checkbox (§5: both required). */
export const ConfirmDirectDebitInput = z.object({
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: "Enter the 6-digit code" }),
  consent: z.literal(true, { message: "Please agree to the direct debit mandate" }),
});
