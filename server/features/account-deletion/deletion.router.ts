import { router, publicProcedure, memberProcedure } from "../../trpc/init.js";
import { AUTH_COOKIE_MAX_AGE_SECONDS, AUTH_COOKIE_NAME } from "../../constants.js";
import { DeleteAccountInput, ReactivateInput, RequestReactivationInput } from "./deletion.schema.js";
import * as deletion from "./deletion.service.js";

/** Deleting and reactivating an account (§3 delete reasons, §4, §9): wiring only; rules in deletion.service.ts. */
export const accountDeletionRouter = router({
  /** Delete the own account (pending 14 days); ends every session and clears the cookie. Errors: VALIDATION. */
  delete: memberProcedure.input(DeleteAccountInput).mutation(async ({ ctx, input }) => {
    const r = await deletion.deleteAccount(ctx.deps, ctx.member.id, input, ctx.site);
    ctx.setCookie?.(AUTH_COOKIE_NAME, "", 0);
    return r;
  }),

  /** Follow the mailed reactivation link; logs in (sets the `auth` cookie). Errors: LINK_INVALID. */
  reactivate: publicProcedure.input(ReactivateInput).mutation(async ({ ctx, input }) => {
    const { userId, token } = await deletion.reactivate(ctx.deps, input.token);
    ctx.setCookie?.(AUTH_COOKIE_NAME, token, AUTH_COOKIE_MAX_AGE_SECONDS);
    return { ok: true as const, userId };
  }),

  /** Mail a new reactivation link (offered by login and signup, §8); the same answer for any address. */
  requestReactivation: publicProcedure.input(RequestReactivationInput).mutation(async ({ ctx, input }) => {
    await deletion.requestReactivationMail(ctx.deps, input.email, ctx.site);
    return { ok: true as const };
  }),
});
