import { trpc } from "../../../lib/trpc";

/** payments.cancel: give up a pending payment (§4 cancelled). */
export function useCancelPayment() {
  const utils = trpc.useUtils();
  return trpc.payments.cancel.useMutation({
    onSuccess: (payment) => {
      utils.payments.get.setData({ paymentId: payment.id }, payment);
      void utils.payments.list.invalidate();
      void utils.discounts.active.invalidate();
    },
  });
}
