import { trpc } from "../../../lib/trpc";

/** security.requestEmailChange: mail a confirmation link to the new address. */
export function useRequestEmailChange() {
  return trpc.security.requestEmailChange.useMutation();
}
