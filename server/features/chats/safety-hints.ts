import {
  findPhoneNumbersInText,
  getCountries,
  getCountryCallingCode,
  Metadata,
  type CountryCode,
} from "libphonenumber-js/max";

/**
 * In-chat safety hints (issue 10, beyond the spec): what in a message the recipient is warned
 * about under it. The message itself is delivered exactly as written; the hint is only shown.
 *  - "phone": a phone number (libphonenumber-js: international numbers, and national numbers
 *    of the countries the site serves, §1 language-by-country list). It reads the full ("max")
 *    metadata, so a number must follow its country's digit patterns: with the default metadata
 *    only a number's length is checked, and a year ("born in 1990"), a postcode ("10115 Berlin")
 *    or an amount ("50000 a year") was shown to the recipient as a phone number;
 *  - "email": an e-mail address;
 *  - "link": a web address (with or without http, www. or a common top-level domain, or a
 *    messenger short link such as t.me or wa.me);
 *  - "money": a request for money, gift cards, vouchers, crypto or a money transfer, in the
 *    seven interface languages.
 */
export type SafetyHint = "phone" | "email" | "link" | "money";

/** The order the hints are listed in (stable for the client and the tests). */
export const SAFETY_HINTS: readonly SafetyHint[] = ["phone", "email", "link", "money"];

/** National numbers are looked for as written in the countries of §1's language list. */
const PHONE_COUNTRIES: readonly CountryCode[] = ["NL", "DE", "GB", "US", "FR", "IT", "ES", "PL", "BE", "AT", "CH"];

/**
 * Characters that draw nothing between the letters a reader sees: format characters (zero-width
 * space and joiners, soft hyphen, word joiner, bidi controls), the combining grapheme joiner, the
 * Hangul fillers and the Braille blank. Taken out before the scan, or "pay\u200bpal" and
 * "evil\u200b.com" would read as "paypal" and "evil.com" to the recipient but not to the scan.
 */
const DRAWS_NOTHING = /[\p{Cf}\u034f\u115f\u1160\u3164\uffa0\u2800]/gu;

/** Longer texts are cut for the scan (a message is at most message_length, §9; this bounds the work). */
const MAX_SCAN_CHARS = 4000;

// Whitespace is squeezed to single spaces before the scans (SPACES), so each space of the text can
// be read by one part of a pattern only. The e-mail pattern's separators once read spaces with
// `\s*` beside `\s+dot\s+`, inside a repeated group: a run of spaces could be split between them
// in many ways, and a 106-character message made its backtracking hold the event loop for 6 s,
// each further " dot y" four times longer (security review, 2026-11-27).
const SPACES = /\s+/gu;
/** "@", "(at)", "[at]" with a space or none on either side, or " at " between spaces. */
const AT = String.raw`(?: ?(?:@|\(at\)|\[at\]) ?| at )`;
/** ".", "(dot)", "[dot]" with a space or none on either side, or " dot " between spaces. */
const DOT = String.raw`(?: ?(?:\.|\(dot\)|\[dot\]) ?| dot )`;
/** A domain label: no space, dot or bracket, so it never reads a separator's characters. */
const LABEL = String.raw`[\p{L}\p{N}-]+`;
/**
 * An address, plain or written out ("anna at gmail dot com"). The local part starts where a word
 * starts (the look-behind), so a long word is not tried again from each of its letters.
 */
const EMAIL = new RegExp(
  String.raw`(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+${AT}${LABEL}(?:${DOT}${LABEL})*${DOT}` +
    String.raw`(?:com|net|org|de|nl|fr|it|es|pl|be|at|ch|uk|eu|info|me|io|ru)\b`,
  "giu",
);
const LINK =
  /(?:\bhttps?:\/\/|\bwww\.|\b(?:t\.me|wa\.me|bit\.ly|tinyurl\.com|linktr\.ee)\/|\b[\p{L}\p{N}-]{2,63}\.(?:com|net|org|info|biz|io|me|ly|app|site|online|xyz|link|club|top|co|de|nl|fr|it|es|pl|be|at|ch|eu|ru|uk)\b(?!\s*@))/iu;
const MONEY = new RegExp(
  [
    // en
    String.raw`gift\s*-?\s*cards?`,
    String.raw`(?:itunes|apple|google\s*play|amazon|steam|ebay|sephora|vanilla)\s*(?:gift\s*)?cards?`,
    String.raw`western\s*union`,
    "moneygram",
    "paysafe\\s*card",
    "bitcoins?",
    "crypto",
    "\\bbtc\\b",
    "\\busdt\\b",
    "cash\\s*app",
    "venmo",
    "zelle",
    "paypal",
    String.raw`(?:send|lend|wire|transfer|need)\s+(?:me\s+)?(?:some\s+)?(?:money|cash|funds)`,
    String.raw`bank\s*(?:transfer|account|details)`,
    // de
    String.raw`geschenk\s*karte`,
    "gutschein",
    String.raw`(?:schick|überweis|leih)\p{L}*\s+(?:mir\s+)?(?:\p{L}+\s+)?geld`,
    "überweisung",
    // es
    String.raw`tarjetas?\s+(?:de\s+)?regalo`,
    String.raw`(?:envía|envia|mándame|mandame|presta)\p{L}*\s+(?:\p{L}+\s+)?dinero`,
    "transferencia",
    // fr
    String.raw`cartes?\s+cadeaux?`,
    String.raw`(?:envoie|envoyer|prête|prete|vire)\p{L}*[\s-]+(?:moi\s+)?(?:de\s+l['’])?argent`,
    "virement",
    "mandat\\s*cash",
    // it
    String.raw`carte?\s+regalo`,
    String.raw`buoni?\s+regalo`,
    String.raw`(?:mandami|inviami|prestami|manda|invia)\s+(?:\p{L}+\s+)?soldi`,
    "bonifico",
    "ricarica",
    // nl
    "cadeau\\s*(?:kaart|bon)",
    String.raw`(?:stuur|leen|maak)\p{L}*\s+(?:me\s+)?(?:\p{L}+\s+)?geld`,
    "overmaken",
    "tikkie",
    // pl
    String.raw`kart\p{L}*\s+podarunkow\p{L}*`,
    "przelew",
    String.raw`(?:wyślij|wyslij|pożycz|pozycz)\p{L}*\s+(?:mi\s+)?pieni\p{L}*`,
    "blik",
  ].join("|"),
  "iu",
);

/** The fewest digits a national number of `country` has, by libphonenumber-js's own metadata. */
function shortestNationalNumber(metadata: Metadata, country: CountryCode): number {
  metadata.selectNumberingPlan(country);
  return Math.min(...metadata.numberingPlan!.possibleLengths());
}
const metadata = new Metadata();
/** Per country of PHONE_COUNTRIES: a text with fewer digits in all cannot hold one of its national numbers. */
const FEWEST_NATIONAL_DIGITS = new Map(PHONE_COUNTRIES.map((c) => [c, shortestNationalNumber(metadata, c)]));
/** Any country's calling code and shortest national number: fewer digits cannot make an international number. */
const FEWEST_INTERNATIONAL_DIGITS = Math.min(
  ...getCountries().map((c) => getCountryCallingCode(c).length + shortestNationalNumber(metadata, c)),
);

/**
 * Digits as libphonenumber-js's matcher can read them as one number: digits joined by the
 * punctuation it allows between the digits of a number (its VALID_PUNCTUATION: dashes, slashes,
 * dots, spaces, brackets, tildes), here as a superset by Unicode category plus its few others. A
 * number's digits all lie in one such run; a colon, a comma, a letter or an emoji ends it, so
 * "10:30" or "I'm 34" is no candidate. The classes share no character with \p{Nd}, so the match
 * is linear.
 */
const DIGIT_RUN =
  /\p{Nd}(?:[\p{Pd}\p{Zs}\p{Ps}\p{Pe}\u00ad\u200b\u2060\u2212\u30fc/.~\u2053\u223c\uff0e\uff0f\uff5e]*\p{Nd})*/gu;
const DIGIT = /\p{Nd}/gu;

/** The most digits in one run (DIGIT_RUN) of `text`; 0 without digits. */
function longestDigitRun(text: string): number {
  let longest = 0;
  for (const [run] of text.matchAll(DIGIT_RUN)) longest = Math.max(longest, run.match(DIGIT)!.length);
  return longest;
}

/**
 * Whether libphonenumber-js finds a number in `text`: international (+31 …, 0031 …), or national
 * in one of PHONE_COUNTRIES. Each scan costs 10–60 µs (issue 12: the largest item of a send in
 * the server's profile), so a scan that cannot find anything is skipped: a number has at least
 * as many digits as its country's shortest number, all in one run of digits (longestDigitRun).
 * Digits are counted generously (every Unicode decimal digit, more than libphonenumber-js reads).
 */
function hasPhoneNumber(text: string): boolean {
  const digits = longestDigitRun(text);
  if (digits >= FEWEST_INTERNATIONAL_DIGITS && findPhoneNumbersInText(text).length > 0) return true;
  return PHONE_COUNTRIES.some(
    (country) => digits >= FEWEST_NATIONAL_DIGITS.get(country)! && findPhoneNumbersInText(text, country).length > 0,
  );
}

/**
 * The safety hints of one message text.
 * @param text the message as sent (any string; never throws, whatever it contains).
 * @returns the hints found, in SAFETY_HINTS order; [] for an ordinary message.
 */
export function safetyHintsOf(text: string): SafetyHint[] {
  const scan = text.slice(0, MAX_SCAN_CHARS).normalize("NFKC").replace(DRAWS_NOTHING, "");
  const words = scan.replace(SPACES, " ");
  const found = new Set<SafetyHint>();
  try {
    if (hasPhoneNumber(scan)) found.add("phone");
  } catch {
    // libphonenumber-js refusing a strange input means no number found, never a failed send.
  }
  // An address's domain is not a link of its own: addresses are taken out before links are looked for.
  const withoutEmails = words.replace(EMAIL, (m) => {
    found.add("email");
    return " ".repeat(m.length);
  });
  if (LINK.test(withoutEmails)) found.add("link");
  if (MONEY.test(words)) found.add("money");
  return SAFETY_HINTS.filter((h) => found.has(h));
}
