import { useQueryClient } from "@tanstack/react-query";
import { useConnection } from "./connection";

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
