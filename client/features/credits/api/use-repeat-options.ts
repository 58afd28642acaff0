import { trpc } from "../../../lib/trpc";

/** payments.repeatOptions: earlier purchases to buy again (§2 /credits/repeat-order). */
export function useRepeatOptions() {
  return trpc.payments.repeatOptions.useQuery();
}
