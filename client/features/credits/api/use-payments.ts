import { trpc } from "../../../lib/trpc";

/** payments.list: the member's payment history, newest first, page by page (§2 /transactions). */
export function usePayments() {
  return trpc.payments.list.useInfiniteQuery(
    { limit: 20 },
    { getNextPageParam: (last) => last.nextCursor ?? undefined, initialCursor: null },
  );
}
