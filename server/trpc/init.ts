import { initTRPC } from "@trpc/server";
import type { Context } from "./context.js";
import { errorData, toTRPCError } from "./errors.js";
import { AuthenticationRequiredError } from "../domain-error.js";
import { limitKeysFor, PROCEDURE_LIMITS } from "./rate-limit.js";
import { resolveSessionById } from "../features/accounts/sessions.service.js";

/** What a procedure declares about itself with `.meta()`. */
export interface ProcedureMeta {
  /**
   * On a WebSocket, the procedure re-checks the connection's session in its own statement
   * (chats.send, chats.sendGift: chat_send_checked, issue 12), so the currentMember middleware
   * does not look it up first. The procedure must pass `ctx.member.sessionId` on and refuse with
   * AUTHENTICATION_REQUIRED when the session has ended.
   */
  sessionCheckedInSend?: boolean;
}

/**
 * The one tRPC instance. Errors carry `data.appCode` (a closed set, see domain-error.ts),
 * which the client turns into a Lingui message in the member's language.
 */
const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const data = errorData(error);
      // Never leak internals: a 500's message is generic (§8 'An error has occurred').
      const message =
        error.code === "INTERNAL_SERVER_ERROR"
          ? "An error has occurred"
          : data.fieldErrors
            ? Object.values(data.fieldErrors).flat().join(" ")
            : shape.message;
      return { ...shape, message, data: { ...shape.data, stack: undefined, ...data } };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Maps DomainErrors thrown by services to their tRPC codes, once, for every procedure; a lost
 * database connection becomes SERVICE_UNAVAILABLE (503) rather than a 500.
 */
const mapDomainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const mapped = toTRPCError(result.error.cause);
    if (mapped !== result.error.cause) throw mapped;
  }
  return result;
});

/**
 * On a WebSocket, whose context lives as long as the connection, the session is re-checked in the
 * database on every call (one primary-key lookup): a session ended anywhere is a visitor at once,
 * even if the bus message that closes its sockets was lost, and the member's state (premium,
 * language) is current. Subscriptions are checked when they start, then by the session sweep.
 * A procedure with `meta.sessionCheckedInSend` does the check in its own statement instead.
 */
const currentMember = t.middleware(async function currentMember({ ctx, meta, next }) {
  if (!ctx.longLived || !ctx.member || meta?.sessionCheckedInSend) return next();
  return next({ ctx: { member: await resolveSessionById(ctx.deps, ctx.member.sessionId) } }); // tRPC merges it into ctx
});

/**
 * The abuse limits of the procedure (trpc/rate-limit.ts), counted before it runs, on both
 * transports: 429 RATE_LIMITED with Retry-After when one is exhausted.
 */
const rateLimited = t.middleware(async function rateLimited({ ctx, path, getRawInput, next }) {
  const keys = limitKeysFor(path, ctx, PROCEDURE_LIMITS[path] ? await getRawInput() : undefined);
  for (const [name, key] of keys) await ctx.deps.rateLimits.consume(name, key);
  return next();
});

/** Open to visitors. */
export const publicProcedure = t.procedure.use(mapDomainErrors).use(currentMember).use(rateLimited);

/** Needs a logged-in member: narrows ctx.member to non-null (403 authentication_required otherwise). */
export const memberProcedure = publicProcedure.use(async function requireMember({ ctx, next }) {
  if (!ctx.member) throw toTRPCError(new AuthenticationRequiredError());
  return next({ ctx: { member: ctx.member } }); // narrowed to non-null; tRPC merges it into ctx
});
