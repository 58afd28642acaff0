import { trpc } from "../../../lib/trpc";

/** credits.pricing: the credit packages for /pricing and /premium (visitors too; no discount for them). */
export function usePricing() {
  return trpc.credits.pricing.useQuery(undefined, { staleTime: 60_000 });
}
