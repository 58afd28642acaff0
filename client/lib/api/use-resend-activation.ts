import { trpc } from "../trpc";

/** accounts.resendActivation: mail the activation link again (§2 activation reminder banner). */
export function useResendActivation() {
  return trpc.accounts.resendActivation.useMutation();
}
