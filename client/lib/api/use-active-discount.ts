import { useCallback } from "react";
import { trpc } from "../trpc";

/** discounts.active: the member's time bonus (§4) and active discount. `enabled`: only for a member who can have one. */
export function useActiveDiscount(enabled = true) {
  return trpc.discounts.active.useQuery(undefined, { enabled, staleTime: 60_000 });
}

/** Read discounts.active again, with the package prices it sets (credits.packages): when the time bonus ends (§4). */
export function useInvalidateActiveDiscount() {
  const utils = trpc.useUtils();
  return useCallback(
    () => Promise.all([utils.discounts.active.invalidate(), utils.credits.packages.invalidate()]),
    [utils],
  );
}
