import type { FastifyRequest } from "fastify";
import type { AppDeps } from "../deps.js";
import { resolveSession } from "../features/accounts/sessions.service.js";
import { getCurrentUser } from "../features/accounts/accounts.service.js";
import type { AppPageSession } from "./app-page.js";
import { appCookiesOf } from "./session-cookie.js";

/**
 * Who the app's HTML is for (issue 11; http/app-page.ts puts it in the page so that the first
 * screen does not wait for accounts.me): a visitor when the request has no session cookie or one
 * whose session has ended; a member with what accounts.me would answer them (the same
 * `getCurrentUser`, the same JSON); null when the lookup failed (the database is away: the page
 * is still served, and the client asks accounts.me itself).
 * @returns `{ visitor: true }`, `{ me }` or null; never throws.
 */
export async function pageSessionOf(deps: AppDeps, req: FastifyRequest): Promise<AppPageSession> {
  const { sessionToken } = appCookiesOf(req.raw.headers);
  if (!sessionToken) return { visitor: true };
  try {
    const member = await resolveSession(deps, sessionToken);
    return member ? { me: await getCurrentUser(deps, member.id) } : { visitor: true };
  } catch (err) {
    deps.log.warn({ err }, "the app page's session lookup failed: the client will ask");
    return null;
  }
}
