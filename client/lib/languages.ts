import { parseCookie, stringifySetCookie } from "cookie";
import { LOCALES, type Locale } from "./constants";

/**
 * §2 "Language choices by country": the languages shown in a country. The server keeps the same
 * table for its own use (server/constants.ts COUNTRY_LANGUAGES, e.g. demo members' languages);
 * tests/integration/languages.test.ts checks the two are equal.
 */
export const LANGUAGES_BY_COUNTRY: Readonly<Record<string, readonly Locale[]>> = {
  US: ["en", "es"],
  NL: ["nl"],
  BE: ["nl", "fr", "de"],
  FR: ["fr"],
  IT: ["it"],
  ES: ["es"],
  DE: ["de"],
  AT: ["de"],
  IE: ["en"],
  GB: ["en"],
  CA: ["en", "fr"],
  PL: ["pl"],
  AU: ["en"],
  NZ: ["en"],
  CH: ["de", "it", "fr", "en"],
};

/** §4: a locale choice accepts only the seven codes. @returns the code, or null for anything else. */
export function toLocale(raw: string | null | undefined): Locale | null {
  const code = (raw ?? "").slice(0, 2).toLowerCase();
  return (LOCALES as readonly string[]).includes(code) ? (code as Locale) : null;
}

export interface LanguageChoiceInput {
  /** The country the visitor chose on /lang-config (ISO alpha-2), or null when none was chosen. */
  selectedCountry: string | null;
  /** §3 geoip_country: the country of the visitor's address, or null when unknown. */
  detectedCountry: string | null;
  loggedIn: boolean;
  /** The interface language now shown. */
  current: Locale;
  /** The browser's language (navigator.language, e.g. "en-GB"), or null. */
  browserLanguage: string | null;
}

/**
 * §2 the languages offered in the language dropdown:
 * - the languages of the visitor's country (the chosen one, else the detected one);
 * - all seven when the visitor is logged out and chose a country other than the detected one,
 *   and when the country is unknown or not in the table;
 * - the current language and the browser language (when one of the seven) always.
 * @returns locale codes: the country's in the table's order, then the current and browser language; no repeats.
 */
export function languageChoices(input: LanguageChoiceInput): Locale[] {
  const country = (input.selectedCountry ?? input.detectedCountry)?.toUpperCase() ?? null;
  const differs =
    !input.loggedIn &&
    input.selectedCountry !== null &&
    input.selectedCountry.toUpperCase() !== (input.detectedCountry ?? "").toUpperCase();
  const base = country && !differs ? LANGUAGES_BY_COUNTRY[country] : undefined;
  if (!base) return [...LOCALES];
  const out: Locale[] = [...base];
  for (const extra of [input.current, toLocale(input.browserLanguage)]) {
    if (extra && !out.includes(extra)) out.push(extra);
  }
  return out;
}

/** The cookie that keeps the country chosen on /lang-config (365 days, like the locale cookie, §9). */
export const COUNTRY_COOKIE_NAME = "country";
export const COUNTRY_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The country chosen on /lang-config, from its cookie; null when none (or not a 2-letter code). */
export function selectedCountry(cookieHeader: string = document.cookie): string | null {
  const v = parseCookie(cookieHeader)[COUNTRY_COOKIE_NAME];
  return v && /^[A-Za-z]{2}$/.test(v) ? v.toUpperCase() : null;
}

/** Keep the country chosen on /lang-config (path /, SameSite=Lax, 365 days). Ignores anything but a 2-letter code. */
export function saveSelectedCountry(country: string): void {
  if (!/^[A-Z]{2}$/.test(country)) return;
  document.cookie = stringifySetCookie({
    name: COUNTRY_COOKIE_NAME,
    value: country,
    path: "/",
    maxAge: COUNTRY_COOKIE_MAX_AGE_SECONDS,
    sameSite: "lax",
  });
}

/**
 * The country a sign-up form starts with (§3 country; the visitor changes it at will): the one
 * chosen on /lang-config, else the one of the visitor's address (§3 geoip_country), else the one
 * country whose only language is the interface's (nl → NL, de → DE…; none for English, spoken in
 * several). Input: the candidates, each an ISO alpha-2 code or null, and the countries the form
 * offers. @returns one of `offered`, or null (the form then asks the visitor to choose).
 */
export function signupCountryGuess(
  input: { selectedCountry: string | null; detectedCountry: string | null; locale: Locale },
  offered: readonly string[],
): string | null {
  for (const candidate of [input.selectedCountry, input.detectedCountry]) {
    const code = candidate?.toUpperCase();
    if (code && offered.includes(code)) return code;
  }
  const only = offered.filter((c) => {
    const languages = LANGUAGES_BY_COUNTRY[c];
    return languages?.length === 1 && languages[0] === input.locale;
  });
  return only.length === 1 ? only[0]! : null;
}
