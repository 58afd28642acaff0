import { trpc } from "../../../lib/trpc";

/**
 * safety.blocked: the members the caller blocked, newest first ({ members: {id, name, blockedAt}[] });
 * name is null for a member no longer shown to the caller.
 */
export function useBlockedMembers() {
  return trpc.safety.blocked.useQuery();
}
