import type { FastifyInstance } from "fastify";
import fastifyFormbody from "@fastify/formbody";
import type { AppDeps } from "../deps.js";
import { legacyErrorHandler } from "./errors.js";
import { isForeignRequest, isUsableHost, refuseForeign, routeOf } from "../http/request-guard.js";
import { appCookiesOf } from "../http/session-cookie.js";
import { hashToken } from "../features/accounts/sessions.service.js";
import { RateLimitedError } from "../features/rate-limits/rate-limits.service.js";
import { addressLimitKey } from "../features/rate-limits/address-key.js";
import { userRoutes } from "./user.routes.js";
import { memberRoutes } from "./member.routes.js";
import { siteRoutes } from "./site.routes.js";
import { findPollMember } from "./request.js";

/** The §7 reads older clients poll: counted against the `poll` limit. */
const LEGACY_POLLS = new Set(["/api/user.php", "/api/chats.php", "/api/likes.php", "/api/auto-like.php"]);

/** The legacy calls' bodies are a login, a language or a push subscription: a few hundred bytes. */
export const LEGACY_BODY_LIMIT_BYTES = 16 * 1024;

/**
 * The PHP-era polling API of §7 (`/api/*.php`), for older clients beside the tRPC app.
 * Handlers only parse input, call the same services as the tRPC routers and shape the §7
 * answer; the answers are documented in docs/legacy-api.openapi.yaml.
 *
 * Register with the prefix: `app.register(legacyApi(deps), { prefix: "/api" })`.
 */
export function legacyApi(deps: AppDeps) {
  return async function legacy(app: FastifyInstance) {
    // §7: POST /api/user.php takes form-encoded logins too (only in this scope: tRPC stays JSON-only).
    await app.register(fastifyFormbody, { bodyLimit: LEGACY_BODY_LIMIT_BYTES });
    app.setErrorHandler(legacyErrorHandler);

    app.addHook("onRoute", (route) => {
      route.bodyLimit ??= LEGACY_BODY_LIMIT_BYTES;
    });

    // Calls that change state refuse cross-site browser requests (http/request-guard.ts), logout's
    // GET too (§7 demands a GET there). The route matched decides, not the raw URL: /api/%6cogout.php
    // is routed to logout, so it is checked as logout.
    app.addHook("onRequest", async (req, reply) => {
      // The site is chosen by the Host header (settings.php, the polls' ETags): one that names no
      // host is a bad request, as on tRPC (RFC 9112 3.2).
      if (!isUsableHost(req.headers.host)) {
        return reply.code(400).send({ error: "bad_request", message: "The Host header is not a host name" });
      }
      const changesState = req.method !== "GET" && req.method !== "HEAD" && req.method !== "OPTIONS";
      if ((changesState || routeOf(req) === "/api/logout.php") && isForeignRequest(req, deps.config)) {
        return refuseForeign(reply);
      }
    });

    // Abuse limits (issue 10), the same limiters as tRPC's (trpc/rate-limit.ts): polls per session
    // (or client address), logins per client address, each address keyed as tRPC keys it
    // (addressLimitKey: an IPv6 client by its /64). 429 with Retry-After (legacy/errors.ts).
    // A HEAD runs the GET's handler, so it counts as one. A cookie that names no session counts
    // against the client address (request.ts requirePollMember). Once an address has used its
    // polls up, a cookie from it is looked up before it is counted (once: the handler reuses what
    // was read, request.ts findPollMember): a made-up one is refused
    // (made-up cookies are not a fresh allowance each, nor a limiter key each), a member's real
    // session polls on its own allowance (members behind one NAT or /64 are not locked out by
    // another client there).
    app.addHook("preHandler", async (req) => {
      const route = routeOf(req);
      const address = addressLimitKey(req.ip);
      if ((req.method === "GET" || req.method === "HEAD") && route && LEGACY_POLLS.has(route)) {
        const { sessionToken } = appCookiesOf(req.headers);
        if (sessionToken) {
          const addressUsedUp = await deps.rateLimits.assertNotUsedUp("poll", `ip:${address}`).then(
            () => null,
            (err: unknown) => {
              if (err instanceof RateLimitedError) return err;
              throw err;
            },
          );
          if (addressUsedUp && !(await findPollMember(deps, req))) throw addressUsedUp;
          await deps.rateLimits.consume("poll", `s:${hashToken(sessionToken)}`);
        } else await deps.rateLimits.consume("poll", `ip:${address}`);
      } else if (req.method === "POST" && route === "/api/user.php" && !(req.query as { push?: unknown }).push) {
        await deps.rateLimits.consume("login_ip", address);
      }
    });

    await app.register(userRoutes(deps));
    await app.register(memberRoutes(deps));
    await app.register(siteRoutes(deps));
  };
}
