import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { trpc } from "./trpc";
import { useConnection } from "./connection";
import { usePollInterval } from "./polling";

/** The logged-in member's own account (null for a visitor; undefined while loading). */
export function useMe() {
  const refetchInterval = usePollInterval();
  const q = trpc.accounts.me.useQuery(undefined, { staleTime: 30_000, refetchInterval });
  return { me: q.data, isLoading: q.isLoading };
}

/**
 * After login, signup or logout: reopen the live socket with the new cookie and refetch
 * everything, so no data of the previous member stays on screen.
 */
export function useSessionChanged() {
  const queryClient = useQueryClient();
  const { reconnect } = useConnection();
  return async () => {
    reconnect();
    queryClient.removeQueries();
    await queryClient.invalidateQueries();
  };
}

/** Log out (§2 account menu): ends the session everywhere and goes home. */
export function useLogout() {
  const navigate = useNavigate();
  const sessionChanged = useSessionChanged();
  const mutation = trpc.accounts.logout.useMutation({
    onSettled: async () => {
      // §4: the welcome time bonus (and its banner and popup dismissals) clears on logout.
      for (const key of Object.keys(localStorage))
        if (key.startsWith("alert-dismissed:time-bonus")) localStorage.removeItem(key);
      for (const key of Object.keys(sessionStorage)) if (key.startsWith("time-bonus-")) sessionStorage.removeItem(key);
      await sessionChanged();
      navigate("/", { replace: true });
    },
  });
  return () => mutation.mutate();
}
