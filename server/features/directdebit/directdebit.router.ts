import { router, memberProcedure } from "../../trpc/init.js";
import { ConfirmDirectDebitInput, RequestDirectDebitCodeInput } from "./directdebit.schema.js";
import * as directDebit from "./directdebit.service.js";

/** Direct debit (§2 /directdebit, §5, §8): wiring only. */
export const directDebitRouter = router({
  state: memberProcedure.query(({ ctx }) => directDebit.getDirectDebitState(ctx.deps, ctx.member.id)),
  requestCode: memberProcedure
    .input(RequestDirectDebitCodeInput)
    .mutation(({ ctx, input }) => directDebit.requestDirectDebitCode(ctx.deps, ctx.member.id, input, ctx.site.name)),
  confirm: memberProcedure
    .input(ConfirmDirectDebitInput)
    .mutation(({ ctx, input }) => directDebit.confirmDirectDebit(ctx.deps, ctx.member.id, input)),
  revoke: memberProcedure.mutation(({ ctx }) => directDebit.revokeDirectDebit(ctx.deps, ctx.member.id)),
});
