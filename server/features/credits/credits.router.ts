import { router, memberProcedure, publicProcedure } from "../../trpc/init.js";
import { PackagesInput } from "./credits.schema.js";
import * as credits from "./credits.service.js";

/** Credits (§2 /credits package list): wiring only. */
export const creditsRouter = router({
  /** §2 /credits: packages in the payment country's currency with the member's active discount. */
  packages: memberProcedure
    .input(PackagesInput)
    .query(({ ctx, input }) => credits.listPackages(ctx.deps, ctx.member.id, { country: input?.country }, ctx.site)),
  /** §2 /pricing for anyone: the packages without a discount (the member's, when logged in). */
  pricing: publicProcedure
    .input(PackagesInput)
    .query(({ ctx, input }) =>
      credits.listPackages(ctx.deps, ctx.member?.id ?? null, { country: input?.country }, ctx.site),
    ),
});
