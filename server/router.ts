import { router } from "./trpc/init.js";
import { accountsRouter } from "./features/accounts/accounts.router.js";

/** The root router. The client imports only its type. */
export const appRouter = router({
  accounts: accountsRouter,
});

export type AppRouter = typeof appRouter;
