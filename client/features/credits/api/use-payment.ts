import { trpc } from "../../../lib/trpc";
import { PAYMENT_POLL_INTERVAL_MS } from "../../../lib/constants";

/**
 * payments.get: one payment (§2 /transactions/{id}). While it is loading or pending the page
 * polls it (the server asks the provider each time), and stops once it is settled (§4).
 */
export function usePayment(paymentId: number | null) {
  return trpc.payments.get.useQuery(
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
}
