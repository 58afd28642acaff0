import { router, memberProcedure } from "../../trpc/init.js";
import { PushSubscriptionInput } from "./push.schema.js";
import * as push from "./push.service.js";

/** Web Push (issue 11, §4 push subscription): wiring only; rules in push.service.ts. */
export const pushRouter = router({
  /**
   * Store the browser's subscription (PushSubscription.toJSON()), or false (not subscribed), or
   * 'denied' (permission refused, §4). Output: { state: 'subscribed' | 'not_subscribed' | 'denied' }.
   * Errors: VALIDATION (not https, malformed keys), AUTHENTICATION_REQUIRED.
   */
  subscribe: memberProcedure
    .input(PushSubscriptionInput)
    .mutation(async ({ ctx, input }) => ({ state: await push.savePushSubscription(ctx.deps, ctx.member, input) })),

  /** The member's last recorded §4 state: { state: 'subscribed' | 'not_subscribed' | 'denied' | null }. */
  state: memberProcedure.query(async ({ ctx }) => ({ state: await push.getPushState(ctx.deps, ctx.member.id) })),
});
