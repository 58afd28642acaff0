import { router, memberProcedure } from "../../trpc/init.js";
import { ListPaymentsInput, PaymentIdInput, RepeatOrderInput, StartPaymentInput } from "./payments.schema.js";
import * as payments from "./payments.service.js";

/** Payments (§2 /credits/{id}/{paymentmethod?}, /credits/repeat-order, /transactions/{id?}; §4; §8): wiring only. */
export const paymentsRouter = router({
  start: memberProcedure
    .input(StartPaymentInput)
    .mutation(({ ctx, input }) => payments.startPayment(ctx.deps, ctx.member.id, input, ctx)),
  get: memberProcedure
    .input(PaymentIdInput)
    .query(({ ctx, input }) => payments.getPayment(ctx.deps, ctx.member.id, input.paymentId)),
  list: memberProcedure
    .input(ListPaymentsInput)
    .query(({ ctx, input }) => payments.listPayments(ctx.deps, ctx.member.id, input)),
  cancel: memberProcedure
    .input(PaymentIdInput)
    .mutation(({ ctx, input }) => payments.cancelPayment(ctx.deps, ctx.member.id, input.paymentId)),
  repeatOptions: memberProcedure.query(({ ctx }) => payments.listRepeatOptions(ctx.deps, ctx.member.id)),
  repeat: memberProcedure
    .input(RepeatOrderInput)
    .mutation(({ ctx, input }) => payments.repeatOrder(ctx.deps, ctx.member.id, input, ctx)),
});
