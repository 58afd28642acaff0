import { trpc } from "../trpc";
import { useSessionChanged } from "../session";

/** accountDeletion.reactivate: follow the mailed link; logged in afterwards (§4). */
export function useReactivateAccount() {
  const sessionChanged = useSessionChanged();
  return trpc.accountDeletion.reactivate.useMutation({ onSuccess: () => sessionChanged() });
}
