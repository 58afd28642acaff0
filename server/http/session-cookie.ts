import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { parseCookie } from "cookie";
import type { FastifyReply } from "fastify";
import type { Config } from "../config.js";
import { AUTH_COOKIE_NAME, LOCALE_COOKIE_NAME } from "../constants.js";
import { TRACKING_COOKIE_NAME } from "../features/tracking/tracking.service.js";

/**
 * The one place that reads and writes the site's cookies over HTTP (§9 cookie lifetimes), for
 * the tRPC context (HTTP and the WebSocket upgrade), the legacy /api/*.php handlers and the
 * photo upload route. Cookies are parsed from the raw `cookie` header: @fastify/cookie's
 * req.cookies is absent on a WebSocket upgrade.
 */

/**
 * The request's cookies that matter to the app: the session token (`auth`), the chosen locale and
 * the raw §3 tracking record (`tracking`, parsed and validated by tracking.service).
 */
export function appCookiesOf(headers: IncomingHttpHeaders): {
  sessionToken: string | null;
  locale: string | null;
  tracking: string | null;
} {
  const cookies = parseCookie(headers.cookie ?? "");
  return {
    sessionToken: cookies[AUTH_COOKIE_NAME] ?? null,
    locale: cookies[LOCALE_COOKIE_NAME] ?? null,
    tracking: cookies[TRACKING_COOKIE_NAME] ?? null,
  };
}

/**
 * Whether the request reached us over https: directly (TLS socket), through a trusted proxy
 * (`TRUST_PROXY` and `X-Forwarded-Proto: https`), or because COOKIE_SECURE says the site is
 * https-only. Decides the Secure cookie flag and HSTS.
 */
export function isSecureRequest(config: Pick<Config, "COOKIE_SECURE" | "TRUST_PROXY">, raw: IncomingMessage): boolean {
  if (config.COOKIE_SECURE) return true;
  if ((raw.socket as { encrypted?: boolean }).encrypted === true) return true;
  return config.TRUST_PROXY !== false && raw.headers["x-forwarded-proto"] === "https";
}

/**
 * Set one of the app's cookies: path /, SameSite=Lax, HttpOnly for the session, Secure over
 * https. `maxAgeSeconds` 0 deletes it (logout).
 */
export function setAppCookie(
  reply: FastifyReply,
  secure: boolean,
  name: string,
  value: string,
  maxAgeSeconds: number,
): void {
  reply.setCookie(name, value, {
    path: "/",
    httpOnly: name === AUTH_COOKIE_NAME,
    sameSite: "lax",
    secure,
    maxAge: maxAgeSeconds,
  });
}
