import { router, memberProcedure } from "../../trpc/init.js";
import { PackagesInput } from "./credits.schema.js";
import * as credits from "./credits.service.js";

/** Credits (§2 /credits package list): wiring only. */
export const creditsRouter = router({
  packages: memberProcedure.input(PackagesInput).query(({ ctx, input }) => credits.listPackages(ctx.deps, ctx.member.id, { country: input?.country })),
});
