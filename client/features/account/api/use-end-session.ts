import { trpc } from "../../../lib/trpc";

/** security.endSession: "log out this device"; the list refreshes. */
export function useEndSession() {
  const utils = trpc.useUtils();
  return trpc.security.endSession.useMutation({ onSuccess: () => utils.security.sessions.invalidate() });
}
