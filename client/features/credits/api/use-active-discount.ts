import { trpc } from "../../../lib/trpc";

/** discounts.active: the time bonus (§4) and the active discount of the member. */
export function useActiveDiscount() {
  return trpc.discounts.active.useQuery(undefined, { staleTime: 30_000 });
}
