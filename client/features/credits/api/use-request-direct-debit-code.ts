import { trpc } from "../../../lib/trpc";

/** directDebit.requestCode: keep the §3 form and send the SMS code (§5). */
export function useRequestDirectDebitCode() {
  const utils = trpc.useUtils();
  return trpc.directDebit.requestCode.useMutation({ onSuccess: () => void utils.directDebit.state.invalidate() });
}
