import { initTRPC } from "@trpc/server";
import type { Context } from "./context.js";
import { clientErrorOf, errorData, shapeCodesOf, toTRPCError } from "./errors.js";
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
    // Subscriptions run on the WebSocket only (ARCHITECTURE "Real time"): a socket is registered
    // for its session and closed when the session ends, and re-checks it on every call. tRPC would
    // otherwise also serve them over HTTP as server-sent events, which nothing closes at logout.
    sse: { enabled: false },
    errorFormatter({ shape, error: thrown }) {
      // An application error thrown inside a subscription's stream comes wrapped as a 500.
      const error = clientErrorOf(thrown);
      if (error !== thrown) {
        const codes = shapeCodesOf(error);
        shape = { ...shape, message: error.message, code: codes.code, data: { ...shape.data, ...codes.data } };
      }
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
 * What every procedure runs before its input is parsed, in one middleware per kind of procedure
 * (each tRPC middleware level copies the call's options twice, a cost paid on every chat message:
 * issue 12). This helper does 1 and 3 and returns the member (null: a visitor); the middlewares
 * below do 2 and 4:
 *
 * 1. **The member, current.** On a WebSocket, whose context lives as long as the connection, the
 *    session is re-checked in the database on every call (one primary-key lookup): a session ended
 *    anywhere is a visitor at once, even if the bus message that closes its sockets was lost, and
 *    the member's state (premium, language) is current. Subscriptions are checked when they start,
 *    then by the session sweep. A procedure with `meta.sessionCheckedInSend` does the check in its
 *    own statement instead.
 * 2. **`requireMember`**: 403 authentication_required for a visitor (memberProcedure).
 * 3. **The abuse limits** of the procedure (trpc/rate-limit.ts), counted before it runs, on both
 *    transports: 429 RATE_LIMITED with Retry-After when one is exhausted.
 * 4. **Domain errors** thrown here or by the procedure map to their tRPC codes, once; a lost
 *    database connection becomes SERVICE_UNAVAILABLE (503) rather than a 500.
 */
async function currentMemberWithinLimits(opts: {
  ctx: Context;
  meta: ProcedureMeta | undefined;
  path: string;
  getRawInput: () => Promise<unknown>;
}): Promise<Context["member"]> {
  const { ctx, meta, path } = opts;
  const member =
    ctx.longLived && ctx.member && !meta?.sessionCheckedInSend
      ? await resolveSessionById(ctx.deps, ctx.member.sessionId)
      : ctx.member;
  const keys = limitKeysFor(
    path,
    member === ctx.member ? ctx : { ...ctx, member },
    PROCEDURE_LIMITS[path] ? await opts.getRawInput() : undefined,
  );
  for (const [name, key] of keys) await ctx.deps.rateLimits.consume(name, key);
  return member;
}

/**
 * A procedure's result with its domain errors mapped (see currentMemberWithinLimits, 4).
 * @throws the TRPCError of the result's domain error.
 */
function mapDomainError<R extends { ok: true } | { ok: false; error: { cause?: unknown } }>(result: R): R {
  if (!result.ok) {
    const mapped = toTRPCError(result.error.cause);
    if (mapped !== result.error.cause) throw mapped;
  }
  return result;
}

/** Open to visitors. */
export const publicProcedure = t.procedure.use(async function guard(opts) {
  let member: Context["member"];
  try {
    member = await currentMemberWithinLimits(opts);
  } catch (err) {
    throw toTRPCError(err);
  }
  return mapDomainError(member === opts.ctx.member ? await opts.next() : await opts.next({ ctx: { member } }));
});

/** Needs a logged-in member: narrows ctx.member to non-null (403 authentication_required otherwise). */
export const memberProcedure = t.procedure.use(async function guardMember(opts) {
  let member: Context["member"];
  try {
    member = await currentMemberWithinLimits(opts);
    if (!member) throw new AuthenticationRequiredError();
  } catch (err) {
    throw toTRPCError(err);
  }
  return mapDomainError(await opts.next({ ctx: { member } })); // tRPC merges it into ctx, narrowed to non-null
});
