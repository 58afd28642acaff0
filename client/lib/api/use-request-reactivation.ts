import { trpc } from "../trpc";

/** accountDeletion.requestReactivation: mail the reactivation link again (offered at login and signup, §8). */
export function useRequestReactivation() {
  return trpc.accountDeletion.requestReactivation.useMutation();
}
