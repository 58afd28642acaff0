import { useEffect } from "react";
import { trpc } from "../../../lib/trpc";
import { PAYMENT_POLL_INTERVAL_MS } from "../../../lib/constants";

/**
 * payments.get: one payment (§2 /transactions/{id}). While it is loading or pending the page
 * polls it (the server asks the provider each time), and stops once it is settled (§4). Once
 * settled, what the payment changes is read again: the balance and premium (accounts.me), the
 * active discount and prices (discounts.active, credits.packages) and the photos premium unlocks.
 */
export function usePayment(paymentId: number | null) {
  const utils = trpc.useUtils();
  const q = trpc.payments.get.useQuery(
    { paymentId: paymentId ?? 0 },
    {
      enabled: paymentId !== null,
      refetchInterval: (q) =>
        q.state.data && (q.state.data.status === "pending" || q.state.data.status === "loading")
          ? PAYMENT_POLL_INTERVAL_MS
          : false,
      refetchIntervalInBackground: false,
    },
  );
  const settled = !!q.data && q.data.status !== "pending" && q.data.status !== "loading";
  useEffect(() => {
    if (!settled) return;
    void Promise.all([
      utils.accounts.me.invalidate(),
      utils.discounts.active.invalidate(),
      utils.credits.packages.invalidate(),
      utils.members.invalidate(),
    ]);
  }, [settled, utils]);
  return q;
}
