import { router, publicProcedure, memberProcedure } from "../../trpc/init.js";
import { AUTH_COOKIE_MAX_AGE_SECONDS, AUTH_COOKIE_NAME } from "../../constants.js";
import {
  ChangePasswordInput,
  CompletePasswordResetInput,
  LinkTokenInput,
  RequestEmailChangeInput,
  RequestPasswordResetInput,
  SessionIdInput,
} from "./account-security.schema.js";
import * as security from "./account-security.service.js";
import { exportPersonalData } from "./data-export.service.js";

/** Account security (issue 9 part A; §2, §4, §5, §8): wiring only, rules in account-security.service.ts. */
export const accountSecurityRouter = router({
  /** /reset-password: mail a reset link; same answer for known and unknown addresses. Errors: TOO_MANY_RESET_MAILS, VALIDATION. */
  requestPasswordReset: publicProcedure.input(RequestPasswordResetInput).mutation(async ({ ctx, input }) => {
    await security.requestPasswordReset(ctx.deps, input.email, ctx.origin, ctx.site);
    return { ok: true as const };
  }),

  /**
   * /reset-password/do as it opens: whether the link can still be used ({ usable }), nothing about
   * its account. A password reset link stays single use: this changes nothing. Rate-limited like
   * completePasswordReset (trpc/rate-limit.ts).
   */
  checkPasswordResetLink: publicProcedure
    .input(LinkTokenInput)
    .query(async ({ ctx, input }) => ({ usable: await security.isPasswordResetLinkUsable(ctx.deps, input.token) })),

  /** /reset-password/do: set the new password, end every session, log in (sets `auth`). Errors: LINK_INVALID, VALIDATION. */
  completePasswordReset: publicProcedure.input(CompletePasswordResetInput).mutation(async ({ ctx, input }) => {
    const { token } = await security.completePasswordReset(ctx.deps, input.token, input.password);
    ctx.setCookie?.(AUTH_COOKIE_NAME, token, AUTH_COOKIE_MAX_AGE_SECONDS);
    return { ok: true as const };
  }),

  /** Settings: change the password; ends the member's other sessions. Errors: OLD_PASSWORD_WRONG, VALIDATION. */
  changePassword: memberProcedure
    .input(ChangePasswordInput)
    .mutation(({ ctx, input }) => security.changePassword(ctx.deps, ctx.member, input)),

  /** Settings: mail a confirmation link to a new address. Errors: OLD_PASSWORD_WRONG, EMAIL_EXISTS, VALIDATION. */
  requestEmailChange: memberProcedure.input(RequestEmailChangeInput).mutation(async ({ ctx, input }) => {
    await security.requestEmailChange(ctx.deps, ctx.member.id, input, ctx.origin, ctx.site);
    return { ok: true as const };
  }),

  /** /mail-change/do: confirm the new address. Errors: LINK_INVALID, EMAIL_EXISTS. */
  confirmEmailChange: publicProcedure
    .input(LinkTokenInput)
    .mutation(({ ctx, input }) => security.confirmEmailChange(ctx.deps, input.token, ctx.site)),

  /** Settings: the member's active sessions. */
  sessions: memberProcedure.query(({ ctx }) => security.listSessions(ctx.deps, ctx.member)),

  /** Settings: "log out this device". Errors: NOT_FOUND. */
  endSession: memberProcedure.input(SessionIdInput).mutation(async ({ ctx, input }) => {
    await security.endOwnSession(ctx.deps, ctx.member.id, input.sessionId);
    return { ok: true as const };
  }),

  /** Settings: everything stored about the member as JSON (beyond the spec: personal-data export). */
  exportData: memberProcedure.query(({ ctx }) => exportPersonalData(ctx.deps, ctx.member)),
});
