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

let deliberateLogout = false;

/**
 * A logout the member asked for is under way (useLogout). The server ends the session and closes
 * the member's sockets before its answer arrives, so calls then in flight or resubscribing are
 * answered 403 authentication_required, and a refetched accounts.me answers "visitor": expected,
 * and not the §4 case of a session ended elsewhere, which sends the member to /login?next=<page>
 * (app/trpc-provider.tsx, and the member-only routes in app/router.tsx). The logout goes home.
 */
export function isLoggingOut(): boolean {
  return deliberateLogout;
}

/** Mark the start (true) and the end (false) of a logout the member asked for. */
export function setLoggingOut(underway: boolean): void {
  deliberateLogout = underway;
}
