import { memberProcedure } from "./init.js";
import { toTRPCError } from "./errors.js";
import { assertOperator } from "../features/moderation/moderation.service.js";

/**
 * Needs a logged-in operator (users.role 'operator', issue 10): everyone else — visitors and
 * members alike — is refused with FORBIDDEN before the procedure runs. The role is read from the
 * database on every call, so a revoked role takes effect at once.
 */
export const operatorProcedure = memberProcedure.use(async function requireOperator({ ctx, next }) {
  try {
    await assertOperator(ctx.deps, ctx.member.id);
  } catch (err) {
    throw toTRPCError(err);
  }
  return next();
});
