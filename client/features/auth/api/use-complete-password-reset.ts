import { trpc } from "../../../lib/trpc";
import { useSessionChanged } from "../../../lib/session";

/** security.completePasswordReset: set the new password and log in; the socket reopens as the member. */
export function useCompletePasswordReset() {
  const sessionChanged = useSessionChanged();
  return trpc.security.completePasswordReset.useMutation({ onSuccess: () => sessionChanged() });
}
