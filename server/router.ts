import { router } from "./trpc/init.js";
import { accountsRouter } from "./features/accounts/accounts.router.js";
import { accountSecurityRouter } from "./features/accounts/account-security.router.js";
import { chatsRouter } from "./features/chats/chats.router.js";
import { likesRouter } from "./features/likes/likes.router.js";
import { liveRouter } from "./features/live/live.router.js";
import { membersRouter } from "./features/members/members.router.js";
import { siteRouter } from "./features/site/site.router.js";
import { creditsRouter } from "./features/credits/credits.router.js";
import { directDebitRouter } from "./features/directdebit/directdebit.router.js";
import { discountsRouter } from "./features/discounts/discounts.router.js";
import { paymentsRouter } from "./features/payments/payments.router.js";
import { safetyRouter } from "./features/safety/safety.router.js";
import { notificationsRouter } from "./features/notifications/notifications.router.js";
import { accountDeletionRouter } from "./features/account-deletion/deletion.router.js";
import { moderationRouter } from "./features/moderation/moderation.router.js";
import { landersRouter } from "./features/landers/landers.router.js";
import { pushRouter } from "./features/push/push.router.js";

/** The root router. The client imports only its type. */
export const appRouter = router({
  accounts: accountsRouter,
  security: accountSecurityRouter,
  chats: chatsRouter,
  likes: likesRouter,
  live: liveRouter,
  members: membersRouter,
  site: siteRouter,
  credits: creditsRouter,
  directDebit: directDebitRouter,
  discounts: discountsRouter,
  payments: paymentsRouter,
  safety: safetyRouter,
  notifications: notificationsRouter,
  accountDeletion: accountDeletionRouter,
  moderation: moderationRouter,
  landers: landersRouter,
  push: pushRouter,
});

export type AppRouter = typeof appRouter;
