import { router, memberProcedure } from "../../trpc/init.js";
import { CheckCodeInput, UseCodeInput } from "./discounts.schema.js";
import * as discounts from "./discounts.service.js";

/** Discount codes and the welcome time bonus (§3, §4, §5, §8, §9): wiring only. */
export const discountsRouter = router({
  active: memberProcedure.query(({ ctx }) => discounts.getActiveDiscount(ctx.deps, ctx.member.id)),
  check: memberProcedure
    .input(CheckCodeInput)
    .query(({ ctx, input }) => discounts.findDiscountCode(ctx.deps, ctx.member.id, input.code)),
  use: memberProcedure
    .input(UseCodeInput)
    .mutation(({ ctx, input }) => discounts.useDiscountCode(ctx.deps, ctx.member.id, input)),
});
