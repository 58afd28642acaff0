import { trpc } from "../../../lib/trpc";

/** landers.member: the member of a /members/{id}/landing page; NOT_FOUND for an unknown or hidden one, BLOCKED across a block. */
export function useLanderMember(id: number) {
  return trpc.landers.member.useQuery({ id }, { staleTime: 5 * 60_000, enabled: Number.isInteger(id) && id > 0 });
}
