import { trpc } from "../../../lib/trpc";

/** safety.blocked: the members the caller blocked, newest first ({ members: {id, name, blockedAt}[] }). */
export function useBlockedMembers() {
  return trpc.safety.blocked.useQuery();
}
