import { trpc } from "../../../lib/trpc";

/** directDebit.confirm: the SMS code and the consent confirm the mandate (§5, §8 'Code invalid'). */
export function useConfirmDirectDebit() {
  const utils = trpc.useUtils();
  return trpc.directDebit.confirm.useMutation({
    onSuccess: (state) => utils.directDebit.state.setData(undefined, state),
    onError: () => void utils.directDebit.state.invalidate(),
  });
}
