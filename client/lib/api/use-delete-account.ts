import { trpc } from "../trpc";
import { useSessionChanged } from "../session";

/**
 * accountDeletion.delete: the account goes to pending deletion and every session ends (§4).
 * `onDeleted` runs first (leave the member area for /account-deleted), then the app forgets the
 * session, so no member page is left asking for a login.
 */
export function useDeleteAccount(onDeleted: () => Promise<void> | void) {
  const sessionChanged = useSessionChanged();
  return trpc.accountDeletion.delete.useMutation({
    onSuccess: async () => {
      // The navigation finishes (its lazy screen loaded) before the member data goes.
      await onDeleted();
      await sessionChanged();
    },
  });
}
