/**
 * Business constants of the product specification, named as the spec names them.
 * Every value here is a rule of the spec; the section is cited beside it.
 * Presentation-only constants (badge cap, polling intervals) live in client/lib/constants.ts.
 */

/** §1, §3, §7: the seven interface languages; en is default and fallback. */
export const LOCALES = ["en", "de", "es", "fr", "it", "nl", "pl"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** §1, §5, §9: photo limits. */
export const MAX_PHOTOS_FREE = 3;
export const MAX_PHOTOS_PREMIUM = 25;

/** §1, §6, §9: free members may start 2 conversations. */
export const MAX_STARTED_CONVERSATIONS_FREE = 2;

/** §8, §9: likes per day for limited (free) members. */
export const DAILY_LIKES_FREE = 4;

/** §9: the terms version date is at least this instant, or the company's `added` date if later. */
export const TERMS_VERSION_MIN_DATE = "2023-12-01T12:00:00.000Z";

/** §5: minimum age on the signup form ('Enter your date of birth ({min_age}+)'). */
export const MIN_AGE_YEARS = 18;
export const MAX_AGE_YEARS = 120;

/** §9: cookie lifetimes. */
export const AUTH_COOKIE_NAME = "auth";
export const AUTH_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
export const LOCALE_COOKIE_NAME = "locale";
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** §4, §9: an account pending deletion can be reactivated for 14 days; then its data is purged. */
export const ACCOUNT_REACTIVATION_WINDOW_SECONDS = 14 * 24 * 3600;
/** §4, §9: welcome time bonus lasts 14400 s from signup. */
export const WELCOME_BONUS_SECONDS = 14_400;
/** Its 25 percent (§1, §9) is the code's value_percentage, in the discount_codes row (one source). */
export const WELCOME_DISCOUNT_CODE = "TIMEBONUS25";

/** Account e-mail links (§4 activation, reset): how long a link stays valid. */
export const ACTIVATION_LINK_TTL_SECONDS = 7 * 24 * 60 * 60;

/** §3 enumerations. */
export const GENDERS = ["male", "female"] as const;
export const SEXUALITIES = ["hetero", "gay", "lesbian", "bi"] as const;
export const HAIR_COLORS = [
  "brunette",
  "blond",
  "brown",
  "white",
  "bald",
  "black",
  "dark blond",
  "dark brown",
  "gray",
  "red",
  "other",
] as const;
export const RELATIONSHIP_STATUSES = [
  "divorced",
  "living together",
  "married",
  "single",
  "widowed",
  "unmarried",
] as const;
export const BODY_TYPES = ["slim", "normal", "fat"] as const;
export const EYE_COLORS = ["blue", "green", "hazel", "brown"] as const;

/** §2 'Language choices by country': the spec's countries and the languages shown there. */
export const COUNTRY_LANGUAGES: Record<string, readonly Locale[]> = {
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
export const COUNTRIES = Object.keys(COUNTRY_LANGUAGES);
