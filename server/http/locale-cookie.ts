import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../deps.js";
import { LOCALE_COOKIE_MAX_AGE_SECONDS, LOCALE_COOKIE_NAME, LOCALES } from "../constants.js";
import { getSiteForHost } from "../features/site/site.service.js";
import { appCookiesOf, isSecureRequest, setAppCookie } from "./session-cookie.js";

/**
 * §4 Locale: "if no locale cookie is set and the first two letters of domain_language match a
 * supported locale, that locale is set." Done on the app's HTML (the first page a visitor gets),
 * so the first screen is already in the site's language and every later request (tRPC context,
 * signup's language, mails) carries the cookie (§9: 365 days). A request that has the cookie is
 * left alone; a domain_language that is none of the seven sets nothing (the client then falls
 * back to the browser's language, else en). A link in a mail names the member's language
 * (`?lang=de`): a browser without the cookie, as a mail client often opens, takes that one
 * before the site's.
 * @returns the page's locale (the cookie's when it is one of the seven, else the one set, else
 *   null: the client will choose) and whether a cookie was set (the caller then marks the answer
 *   private).
 */
export async function setDefaultLocaleCookie(
  deps: Pick<AppDeps, "db" | "config">,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<{ locale: string | null; setCookie: boolean }> {
  const fromCookie = appCookiesOf(req.raw.headers).locale;
  if (fromCookie) {
    return { locale: (LOCALES as readonly string[]).includes(fromCookie) ? fromCookie : null, setCookie: false };
  }
  const asked = new URLSearchParams(req.url.split("?")[1] ?? "").get("lang");
  const site = await getSiteForHost(deps, req.raw.headers.host ?? null);
  const lang =
    asked && (LOCALES as readonly string[]).includes(asked) ? asked : site.domain_language.slice(0, 2).toLowerCase();
  if (!(LOCALES as readonly string[]).includes(lang)) return { locale: null, setCookie: false };
  setAppCookie(reply, isSecureRequest(deps.config, req.raw), LOCALE_COOKIE_NAME, lang, LOCALE_COOKIE_MAX_AGE_SECONDS);
  return { locale: lang, setCookie: true };
}
