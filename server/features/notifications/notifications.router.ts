import { router, publicProcedure, memberProcedure } from "../../trpc/init.js";
import { UnsubscribeInput, UpdateNotificationSettingsInput } from "./notifications.schema.js";
import * as notifications from "./notifications.service.js";

/** E-mail notifications (§2 /notifications, §3): wiring only; rules in notifications.service.ts. */
export const notificationsRouter = router({
  /** The eight §3 preferences and notifications_disabled. */
  settings: memberProcedure.query(({ ctx }) => notifications.getNotificationSettings(ctx.deps, ctx.member.id)),

  /** Save some switches at once; enableNotifications clears notifications_disabled. Errors: VALIDATION. */
  update: memberProcedure
    .input(UpdateNotificationSettingsInput)
    .mutation(({ ctx, input }) => notifications.updateNotificationSettings(ctx.deps, ctx.member.id, input)),

  /** Unsubscribe from the link in a mail, without login. Errors: LINK_INVALID, VALIDATION. */
  unsubscribe: publicProcedure.input(UnsubscribeInput).mutation(async ({ ctx, input }) => {
    await notifications.unsubscribe(ctx.deps, input.token);
    return { ok: true as const };
  }),
});
