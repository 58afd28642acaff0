import { i18n } from "@lingui/core";
import { LOCALES, type Locale } from "./constants";

export { i18n };

/** §4: the locale cookie (365 days) names the interface language; en is the default and fallback. */
export function initialLocale(): Locale {
  const fromCookie = /(?:^|;\s*)locale=([a-z]{2})/.exec(document.cookie)?.[1];
  if (fromCookie && (LOCALES as string[]).includes(fromCookie)) return fromCookie as Locale;
  const fromBrowser = navigator.language.slice(0, 2);
  return (LOCALES as string[]).includes(fromBrowser) ? (fromBrowser as Locale) : "en";
}

/** Load a catalog (compiled from its .po by the Vite plugin) and switch to it. */
export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = (await import(`../locales/${locale}.po`)) as { messages: Record<string, string> };
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
  document.cookie = `locale=${locale}; path=/; max-age=${365 * 24 * 3600}; samesite=lax`;
}
