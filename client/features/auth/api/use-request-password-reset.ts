import { trpc } from "../../../lib/trpc";

/** security.requestPasswordReset: mail a reset link (§2 /reset-password); same answer for any address. */
export function useRequestPasswordReset() {
  return trpc.security.requestPasswordReset.useMutation();
}
