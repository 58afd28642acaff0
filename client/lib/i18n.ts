import { i18n } from "@lingui/core";
import { parseCookie, stringifySetCookie } from "cookie";
import { LOCALES, type Locale } from "./constants";

export { i18n };

/** §9: the locale cookie lives 365 days. */
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * §4 Locale: the locale cookie (365 days) names the interface language. Without one, the server
 * set it from the site's domain_language on the first HTML (server/http/site-pages.ts); if it is
 * still missing (a browser refusing cookies), the browser's language, else en (default and fallback).
 */
export function initialLocale(): Locale {
  const fromCookie = parseCookie(document.cookie).locale;
  if (fromCookie && (LOCALES as string[]).includes(fromCookie)) return fromCookie as Locale;
  const fromBrowser = navigator.language.slice(0, 2);
  return (LOCALES as string[]).includes(fromBrowser) ? (fromBrowser as Locale) : "en";
}

/** Load a catalog (compiled from its .po by the Vite plugin), switch to it and keep the choice in the locale cookie. */
export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = (await import(`../locales/${locale}.po`)) as { messages: Record<string, string> };
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
  document.cookie = stringifySetCookie({
    name: "locale",
    value: locale,
    path: "/",
    maxAge: LOCALE_COOKIE_MAX_AGE_SECONDS,
    sameSite: "lax",
  });
}
