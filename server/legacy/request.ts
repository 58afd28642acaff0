import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodType } from "zod";
import type { AppDeps } from "../deps.js";
import { AuthenticationRequiredError } from "../domain-error.js";
import { AUTH_COOKIE_NAME } from "../constants.js";
import { resolveSession, type SessionMember } from "../features/accounts/sessions.service.js";

/** The member behind the request's `auth` cookie (the same session as the React app), or null. */
export async function memberOf(deps: AppDeps, req: FastifyRequest): Promise<SessionMember | null> {
  const token = req.cookies[AUTH_COOKIE_NAME];
  return token ? resolveSession(deps, token) : null;
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

/** Whether the request came over https: decides the cookie's Secure flag, as in trpc/context.ts. */
export function isSecure(deps: AppDeps, req: FastifyRequest): boolean {
  const encrypted = (req.raw.socket as { encrypted?: boolean }).encrypted === true;
  return deps.config.COOKIE_SECURE || encrypted || (deps.config.TRUST_PROXY && req.headers["x-forwarded-proto"] === "https");
}

/** Set a cookie with the attributes the tRPC path uses (path /, SameSite=Lax, HttpOnly for auth). */
export function setCookie(deps: AppDeps, req: FastifyRequest, reply: FastifyReply, name: string, value: string, maxAgeSeconds: number) {
  reply.setCookie(name, value, {
    path: "/",
    httpOnly: name === AUTH_COOKIE_NAME,
    sameSite: "lax",
    secure: isSecure(deps, req),
    maxAge: maxAgeSeconds,
  });
}

/** Answers about one member, never to be stored by a shared cache. */
export function noStore(reply: FastifyReply): FastifyReply {
  return reply.header("cache-control", "no-store");
}
