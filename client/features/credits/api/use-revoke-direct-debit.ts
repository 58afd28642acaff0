import { trpc } from "../../../lib/trpc";

/** directDebit.revoke: end the confirmed mandate. */
export function useRevokeDirectDebit() {
  const utils = trpc.useUtils();
  return trpc.directDebit.revoke.useMutation({
    onSuccess: (state) => utils.directDebit.state.setData(undefined, state),
  });
}
