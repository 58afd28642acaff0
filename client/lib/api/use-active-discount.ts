import { trpc } from "../trpc";

/** discounts.active: the member's time bonus (§4) and active discount. `enabled`: only for a member who can have one. */
export function useActiveDiscount(enabled = true) {
  return trpc.discounts.active.useQuery(undefined, { enabled, staleTime: 60_000 });
}
