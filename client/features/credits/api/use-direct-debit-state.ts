import { trpc } from "../../../lib/trpc";

/** directDebit.state: the member's mandate, a code waiting, block and limit (§2 /directdebit). */
export function useDirectDebitState() {
  return trpc.directDebit.state.useQuery();
}
