import { trpc } from "../../../lib/trpc";

/**
 * discounts.use: apply a code (§5). The caller makes an idempotency key per attempt and reuses it
 * on retry. On success the active discount and the prices are fetched again.
 */
export function useUseDiscountCode() {
  const utils = trpc.useUtils();
  return trpc.discounts.use.useMutation({
    onSuccess: async () => {
      await Promise.all([utils.discounts.active.invalidate(), utils.credits.packages.invalidate()]);
    },
  });
}
