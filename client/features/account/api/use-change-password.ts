import { trpc } from "../../../lib/trpc";

/** security.changePassword: old password and the new one twice; the member's other sessions end. */
export function useChangePassword() {
  const utils = trpc.useUtils();
  return trpc.security.changePassword.useMutation({ onSuccess: () => utils.security.sessions.invalidate() });
}
