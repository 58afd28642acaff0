import { trpc } from "../../../lib/trpc";
import { useSessionChanged } from "../../../lib/session";

/** accounts.login: on success the socket reopens as the member and all data refetches. */
export function useLogin() {
  const sessionChanged = useSessionChanged();
  return trpc.accounts.login.useMutation({ onSuccess: () => sessionChanged() });
}
