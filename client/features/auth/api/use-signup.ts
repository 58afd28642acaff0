import { trpc } from "../../../lib/trpc";
import { useSessionChanged } from "../../../lib/session";

/** accounts.signup: creates the member, logs them in and mails the activation link. */
export function useSignup() {
  const sessionChanged = useSessionChanged();
  return trpc.accounts.signup.useMutation({ onSuccess: () => sessionChanged() });
}
