import crypto from "node:crypto";
import net from "node:net";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config.js";
import { isSecureRequest } from "./session-cookie.js";

/**
 * Checks that decide whether a request may reach the app, in one place (ARCHITECTURE "The edge").
 * They look at what is routed (`req.routeOptions.url`, the route Fastify matched after decoding
 * the path), never at the raw URL: `/%74rpc` routes to /trpc, so it is checked as /trpc.
 */

/** The route pattern Fastify matched for the request (e.g. "/trpc/:path", "/api/logout.php"), or null. */
export function routeOf(req: FastifyRequest): string | null {
  return req.routeOptions.url ?? null;
}

/**
 * Whether an Origin header names one of our own pages: one of PUBLIC_ORIGIN's origins, or,
 * without PUBLIC_ORIGIN, the request's own host (isOwnPage: over https only an https page).
 * @param secure whether the request came over https (session-cookie isSecureRequest).
 */
export function isAllowedOrigin(
  origin: string | undefined,
  host: string | undefined,
  secure: boolean,
  config: Pick<Config, "allowedOrigins">,
): boolean {
  if (!origin) return false;
  if (config.allowedOrigins.includes(origin)) return true;
  return config.allowedOrigins.length === 0 && isOwnPage(origin, host, secure);
}

/**
 * A cross-site browser request (ARCHITECTURE: "no GET changes state, except where §7 demands it
 * (then check the Origin)"). A browser marks one with `Sec-Fetch-Site: cross-site` and, for POST,
 * PUT and DELETE, with its Origin. Requests without these headers (non-browser clients) pass:
 * they carry no victim's cookies.
 */
export function isForeignRequest(
  req: FastifyRequest,
  config: Pick<Config, "allowedOrigins" | "COOKIE_SECURE" | "TRUST_PROXY">,
): boolean {
  const fetchSite = req.headers["sec-fetch-site"];
  if (fetchSite === "cross-site") return true;
  const origin = req.headers.origin;
  // A page of a sibling host (another subdomain) sends no Origin with a GET: an <img> to logout.
  if (!origin) return fetchSite === "same-site";
  if (config.allowedOrigins.includes(origin)) return false;
  return !isOwnPage(origin, req.headers.host, isSecureRequest(config, req.raw));
}

/**
 * An origin on the request's own host. A request that came over https accepts only an https page:
 * a plain-http page on the same host (anyone on the network can write one before HSTS holds) must
 * not act with the member's cookies. Over plain http, the https page of the host is ours too.
 */
function isOwnPage(origin: string, host: string | undefined, secure: boolean): boolean {
  try {
    const url = new URL(origin);
    return (
      host !== undefined && url.host === host && (url.protocol === "https:" || (!secure && url.protocol === "http:"))
    );
  } catch {
    return false;
  }
}

/** 403 for a cross-site request to a call that changes state. */
export function refuseForeign(reply: FastifyReply) {
  return reply.code(403).send({ error: "origin_not_allowed", message: "Requests from other sites are not accepted" });
}

/**
 * Whether the request's body comes in a content coding (gzip, br, …): the server decodes none,
 * so such a body is refused with 415 (RFC 9110 15.5.16), not read as a malformed one.
 */
export function hasEncodedBody(req: FastifyRequest): boolean {
  const coding = (req.headers["content-encoding"] ?? "").trim().toLowerCase();
  return coding !== "" && coding !== "identity";
}

/** Whether the request body is JSON (any case, with or without parameters such as charset). */
export function isJsonBody(req: FastifyRequest): boolean {
  return (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase() === "application/json";
}

/**
 * Whether a Host header can name this site in a URL: a host name or address, with a port in
 * range, and no user name (tRPC builds each call's URL from it and fails on anything else).
 * @param host the request's Host header; absent is left to the HTTP server (HTTP/1.1 requires it).
 */
export function isUsableHost(host: string | undefined): boolean {
  return host === undefined || (!host.includes("@") && URL.canParse(`http://${host}/`));
}

/** The scheme and authority of a request target in absolute form (RFC 9112 3.2.2). */
const ABSOLUTE_FORM_PREFIX = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i;

/**
 * A request target in origin form: path and query, the scheme and host of a target in absolute
 * form (RFC 9112 3.2.2, as a proxy sends it) dropped, as the router drops them. Undecoded.
 * @param url the request target (`req.url`). @returns e.g. "/members?page=2".
 */
export function originForm(url: string): string {
  return url.replace(ABSOLUTE_FORM_PREFIX, "");
}

/**
 * The path as the router sees it: the scheme and host of a target in absolute form dropped (as
 * find-my-way drops them), percent-escapes decoded (find-my-way decodes them before matching),
 * query dropped. Undecodable input is returned as it is (the router 400s it).
 * @param url the request target (`req.url`). @returns a path beginning with "/" for any routed target.
 */
export function routedPath(url: string): string {
  const pathname = originForm(url).split("?")[0] ?? "";
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/**
 * Whether the caller may read operational details (/metrics, /readyz details): its address is
 * in METRICS_ALLOW, or it sends `Authorization: Bearer <METRICS_TOKEN>`.
 */
export function mayReadOpsDetails(
  req: FastifyRequest,
  config: Pick<Config, "metricsAllow" | "METRICS_TOKEN">,
): boolean {
  const ip = req.ip.startsWith("::ffff:") ? req.ip.slice(7) : req.ip;
  if (config.metricsAllow.check(ip, net.isIPv6(ip) ? "ipv6" : "ipv4")) return true;
  const token = config.METRICS_TOKEN;
  if (!token) return false;
  const given = Buffer.from(req.headers.authorization ?? "");
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
