import { trpc } from "../trpc";
import { useSessionChanged } from "../session";

/** accountDeletion.delete: the account goes to pending deletion and every session ends (§4). */
export function useDeleteAccount() {
  const sessionChanged = useSessionChanged();
  return trpc.accountDeletion.delete.useMutation({ onSuccess: () => sessionChanged() });
}
