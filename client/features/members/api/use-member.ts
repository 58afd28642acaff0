import { trpc } from "../../../lib/trpc";

/** members.get: a member's profile and the photos the server lets this member see. */
export function useMember(id: number | null) {
  return trpc.members.get.useQuery({ id: id ?? 0 }, { enabled: id !== null });
}
