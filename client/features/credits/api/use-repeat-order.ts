import { trpc } from "../../../lib/trpc";

/** payments.repeat: buy an earlier package again with its method; a saved card is charged at once (§2, §8). */
export function useRepeatOrder() {
  const utils = trpc.useUtils();
  return trpc.payments.repeat.useMutation({
    onSuccess: (result) => {
      utils.payments.get.setData({ paymentId: result.payment.id }, result.payment);
      void utils.payments.list.invalidate();
      void utils.accounts.me.invalidate();
    },
  });
}
