import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config.js";

/**
 * Cross-site request checks for the legacy calls that change state (ARCHITECTURE: "no GET
 * changes state, except where §7 demands it (then check the Origin)"). POST /api/user.php
 * takes form-encoded logins (§7), which a page of another site could submit (login CSRF), and
 * GET /api/logout.php changes state on a GET. A browser marks a cross-site request with
 * `Sec-Fetch-Site: cross-site` and, for POST, PUT and DELETE, with its Origin: such a request
 * is refused. Requests without these headers (non-browser clients) pass: they carry no
 * victim's cookies.
 */
export function isForeignRequest(req: FastifyRequest, config: Config): boolean {
  if (req.headers["sec-fetch-site"] === "cross-site") return true;
  const origin = req.headers.origin;
  if (!origin) return false;
  if (config.allowedOrigins.includes(origin)) return false;
  try {
    return new URL(origin).host !== req.headers.host;
  } catch {
    return true;
  }
}

export function refuseForeign(reply: FastifyReply) {
  return reply.code(403).send({ error: "origin_not_allowed", message: "Requests from other sites are not accepted" });
}
