import { useMutation, useQueryClient } from "@tanstack/react-query";

export type CheckoutDecision =
  | { outcome: "approve"; card?: "4242" | "0341"; saveCard?: boolean }
  | { outcome: "fail" }
  | { outcome: "cancel" }
  | { outcome: "pending" };

/** The payer's choice on the hosted checkout (POST …/decide); resolves to the site's return URL. */
export function useDecideCheckout(reference: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (decision: CheckoutDecision): Promise<{ returnUrl: string }> => {
      const res = await fetch(`/simulated-checkout/sessions/${encodeURIComponent(reference)}/decide`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(decision),
      });
      if (!res.ok) throw new Error(res.status === 409 ? "closed" : `checkout ${res.status}`);
      return (await res.json()) as { returnUrl: string };
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: ["simulated-checkout", reference] }),
  });
}
