import { router, publicProcedure, memberProcedure } from "../../trpc/init.js";
import {
  AUTH_COOKIE_MAX_AGE_SECONDS,
  AUTH_COOKIE_NAME,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  LOCALE_COOKIE_NAME,
} from "../../constants.js";
import { LoginInput, SignupInput, TokenInput, UpdateSettingsInput } from "./accounts.schema.js";
import * as accounts from "./accounts.service.js";

/** Accounts (§4, §5): wiring only; the rules live in accounts.service.ts. */
export const accountsRouter = router({
  /** The logged-in member's own account, or null for a visitor. */
  me: publicProcedure.query(({ ctx }) => (ctx.member ? accounts.getCurrentUser(ctx.deps, ctx.member.id) : null)),

  /**
   * Sign up and log in; sets the `auth` cookie. The request's §3 tracking record (`tracking`
   * cookie) is stored on the account. Errors: VALIDATION, EMAIL_EXISTS.
   */
  signup: publicProcedure.input(SignupInput).mutation(async ({ ctx, input }) => {
    const { user, token } = await accounts.signup(
      ctx.deps,
      { ...input, language: input.language ?? ctx.locale },
      ctx.origin,
      ctx.site,
      ctx.trafficSource,
    );
    ctx.setCookie?.(AUTH_COOKIE_NAME, token, AUTH_COOKIE_MAX_AGE_SECONDS);
    return user;
  }),

  /** Log in; sets the `auth` cookie. Errors: LOGIN_FAILED. */
  login: publicProcedure.input(LoginInput).mutation(async ({ ctx, input }) => {
    const { user, token } = await accounts.login(ctx.deps, input);
    ctx.setCookie?.(AUTH_COOKIE_NAME, token, AUTH_COOKIE_MAX_AGE_SECONDS);
    return user;
  }),

  /** Log out: clears the cookie and closes this session's sockets everywhere. */
  logout: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.member) await accounts.logout(ctx.deps, ctx.member.sessionId);
    ctx.setCookie?.(AUTH_COOKIE_NAME, "", 0);
    return { ok: true as const };
  }),

  /** Follow the activation link. Errors: LINK_INVALID. */
  activate: publicProcedure.input(TokenInput).mutation(({ ctx, input }) => accounts.activate(ctx.deps, input.token)),

  /** Mail the activation link again. */
  resendActivation: memberProcedure.mutation(async ({ ctx }) => {
    await accounts.resendActivation(ctx.deps, ctx.member.id, ctx.origin, ctx.site);
    return { ok: true as const };
  }),

  /** Save language (also sets the locale cookie, §9 365 days) and send-with-Enter. */
  updateSettings: memberProcedure.input(UpdateSettingsInput).mutation(async ({ ctx, input }) => {
    if (input.language) ctx.setCookie?.(LOCALE_COOKIE_NAME, input.language, LOCALE_COOKIE_MAX_AGE_SECONDS);
    return accounts.updateSettings(ctx.deps, ctx.member.id, input);
  }),
});
