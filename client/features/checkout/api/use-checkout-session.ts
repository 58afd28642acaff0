import { useQuery } from "@tanstack/react-query";

/** The simulated provider's view of a hosted checkout (GET /simulated-checkout/sessions/:reference). */
export interface CheckoutSession {
  reference: string;
  merchantName: string;
  description: string;
  amountCents: number;
  currency: string;
  method: string;
  isCard: boolean;
  isDirectDebit: boolean;
  ibanMasked: string | null;
  status: "pending" | "completed" | "failed" | "cancelled";
  failureReason: string | null;
  expiresAt: string;
  returnUrl: string;
}

/** The hosted checkout's session; null when the provider does not know the reference. */
export function useCheckoutSession(reference: string) {
  return useQuery({
    queryKey: ["simulated-checkout", reference],
    queryFn: async (): Promise<CheckoutSession | null> => {
      const res = await fetch(`/simulated-checkout/sessions/${encodeURIComponent(reference)}`, {
        headers: { accept: "application/json" },
      });
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`checkout ${res.status}`);
      return (await res.json()) as CheckoutSession;
    },
    retry: 1,
  });
}
