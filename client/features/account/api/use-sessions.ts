import { trpc } from "../../../lib/trpc";

/** security.sessions: the member's active sessions, the current one marked. */
export function useSessions() {
  return trpc.security.sessions.useQuery();
}
