import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "./trpc";

/** What each procedure answers, as the server's router types say (never written by hand here). */
export type RouterOutputs = inferRouterOutputs<AppRouter>;
/** What each procedure takes. */
export type RouterInputs = inferRouterInputs<AppRouter>;
