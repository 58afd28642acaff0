import type { IncomingMessage } from "node:http";
import type { WebSocket } from "ws";
import type { CreateFastifyContextOptions } from "@trpc/server/adapters/fastify";
import type { AppDeps } from "../deps.js";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../constants.js";
import { appCookiesOf, isSecureRequest, setAppCookie } from "../http/session-cookie.js";
import { resolveSession, type SessionMember } from "../features/accounts/sessions.service.js";
import { getSiteForHost, siteOrigin, type Site } from "../features/site/site.service.js";
import { toTRPCError } from "./errors.js";
import { parseTrafficSource, type TrafficSource } from "../features/tracking/tracking.service.js";

/**
 * The inner context: what procedures use, built apart from transport parsing so a test can
 * call a procedure without HTTP (STYLE habit 7).
 */
export interface Context {
  deps: AppDeps;
  member: SessionMember | null;
  locale: Locale;
  /** Raw cookie token of the session, when the caller sent one (logout needs it). */
  sessionToken: string | null;
  /**
   * True on a WebSocket: the context is built once for the whole connection, so its member is
   * re-checked against the database on every call (trpc/init.ts memberProcedure).
   */
  longLived: boolean;
  /** Set cookies on the HTTP reply; absent on a WebSocket connection. */
  setCookie?: (name: string, value: string, maxAgeSeconds: number) => void;
  /** Whether the request came over https (decides the Secure cookie flag). */
  secure: boolean;
  /** The site's configured origin for links in mails and return pages, e.g. "http://localhost:3000" (never the Host header). */
  origin: string;
  clientIp: string | null;
  /** The request's Host header (picks the site, §7 settings by host), or null. */
  host: string | null;
  /** The site served on that host: its §3 settings (credits per message, message length…). */
  site: Site;
  /** §3 tracking record of the request's `tracking` cookie (validated), or null: stored at signup, §4 policies read it. */
  trafficSource: TrafficSource | null;
  /** What one connection holds open: on a WebSocket, its live streams (live.events counts them). */
  connection: { liveStreams?: number };
}

export async function createInnerContext(
  deps: AppDeps,
  opts: {
    sessionToken?: string | null;
    locale?: string | null;
    secure?: boolean;
    origin?: string;
    clientIp?: string | null;
    host?: string | null;
    /** The raw `tracking` cookie value (parsed here). */
    tracking?: string | null;
  } = {},
): Promise<Context> {
  const sessionToken = opts.sessionToken ?? null;
  const [member, site] = await Promise.all([
    sessionToken ? resolveSession(deps, sessionToken) : null,
    getSiteForHost(deps, opts.host ?? null),
  ]);
  return {
    deps,
    member,
    sessionToken: member ? sessionToken : null,
    locale: pickLocale(opts.locale ?? member?.language),
    secure: opts.secure ?? false,
    origin: opts.origin ?? siteOrigin(site, deps.config),
    clientIp: opts.clientIp ?? null,
    host: opts.host ?? null,
    site,
    trafficSource: parseTrafficSource(opts.tracking),
    longLived: false,
    connection: {},
  };
}

export function pickLocale(raw: string | null | undefined): Locale {
  return (LOCALES as readonly string[]).includes(raw ?? "") ? (raw as Locale) : DEFAULT_LOCALE;
}

/**
 * The outer context factory for both transports. Cookies are parsed from the raw
 * `cookie` header: @fastify/cookie's req.cookies is absent on the WebSocket upgrade.
 * A WebSocket context is built once per connection and its socket registered, so
 * logout can close it (ARCHITECTURE "Real time").
 */
export function createContextFactory(deps: AppDeps) {
  return async ({ req, res }: CreateFastifyContextOptions): Promise<Context> => {
    const raw: IncomingMessage =
      (req as unknown as { raw?: IncomingMessage }).raw ?? (req as unknown as IncomingMessage);
    const { sessionToken, locale, tracking } = appCookiesOf(raw.headers);
    const secure = isSecureRequest(deps.config, raw);
    const ctx = await createInnerContext(deps, {
      sessionToken,
      locale,
      secure,
      clientIp: (req as { ip?: string }).ip ?? raw.socket.remoteAddress ?? null,
      host: raw.headers.host ?? null,
      tracking,
    }).catch((err: unknown) => {
      throw toTRPCError(err); // the database unreachable while the session is read: 503, not 500
    });
    if (isWebSocket(res)) {
      ctx.longLived = true;
      ctx.sessionToken = null; // logout is an HTTP call: the socket needs only the member (and its sessionId)
      if (ctx.member) deps.sockets.add(res, ctx.member.sessionId);
    } else {
      const reply = res as CreateFastifyContextOptions["res"];
      ctx.setCookie = (name, value, maxAgeSeconds) => setAppCookie(reply, secure, name, value, maxAgeSeconds);
    }
    return ctx;
  };
}

function isWebSocket(res: unknown): res is WebSocket {
  return typeof (res as WebSocket).send === "function" && typeof (res as WebSocket).readyState === "number";
}
