import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodType } from "zod";
import type { AppDeps } from "../deps.js";
import { AuthenticationRequiredError } from "../domain-error.js";
import { appCookiesOf, isSecureRequest, setAppCookie } from "../http/session-cookie.js";
import { resolveSession, type SessionMember } from "../features/accounts/sessions.service.js";

/** The member behind the request's `auth` cookie (the same session as the React app), or null. */
export async function memberOf(deps: AppDeps, req: FastifyRequest): Promise<SessionMember | null> {
  const { sessionToken } = appCookiesOf(req.headers);
  return sessionToken ? resolveSession(deps, sessionToken) : null;
}

/** @throws AuthenticationRequiredError (403 authentication_required, §4) when nobody is logged in. */
export async function requireMember(deps: AppDeps, req: FastifyRequest): Promise<SessionMember> {
  const member = await memberOf(deps, req);
  if (!member) throw new AuthenticationRequiredError();
  return member;
}

/** Parse input with a zod schema; a failure becomes a 400 with the reasons (legacyErrorHandler). */
export function parse<T>(schema: ZodType<T>, input: unknown): T {
  return schema.parse(input ?? {});
}

/**
 * Set a cookie with the app's attributes (server/http/session-cookie.ts), Secure over https.
 * `maxAgeSeconds` 0 deletes it.
 */
export function setCookie(
  deps: AppDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  name: string,
  value: string,
  maxAgeSeconds: number,
) {
  setAppCookie(reply, isSecureRequest(deps.config, req.raw), name, value, maxAgeSeconds);
}

/** Answers about one member, never to be stored by a shared cache. */
export function noStore(reply: FastifyReply): FastifyReply {
  return reply.header("cache-control", "no-store");
}
