import { initTRPC } from "@trpc/server";
import type { Context } from "./context.js";
import { errorData, toTRPCError } from "./errors.js";
import { AuthenticationRequiredError, DomainError } from "../domain-error.js";

/**
 * The one tRPC instance. Errors carry `data.appCode` (a closed set, see domain-error.ts),
 * which the client turns into a Lingui message in the member's language.
 */
const t = initTRPC.context<Context>().create({
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

/** Maps DomainErrors thrown by services to their tRPC codes, once, for every procedure. */
const mapDomainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) throw toTRPCError(result.error.cause);
  return result;
});

/** Open to visitors. */
export const publicProcedure = t.procedure.use(mapDomainErrors);

/** Needs a logged-in member: narrows ctx.member to non-null (403 authentication_required otherwise). */
export const memberProcedure = publicProcedure.use(async function requireMember({ ctx, next }) {
  if (!ctx.member) throw toTRPCError(new AuthenticationRequiredError());
  return next({ ctx: { ...ctx, member: ctx.member } });
});
