import { trpc } from "../../../lib/trpc";

/** payments.start: a payment for a package and method (§2 /credits/{id}/{paymentmethod}); the key makes a retry safe. */
export function useStartPayment() {
  const utils = trpc.useUtils();
  return trpc.payments.start.useMutation({
    onSettled: () => void utils.payments.list.invalidate(),
  });
}
