import { keepPreviousData } from "@tanstack/react-query";
import { trpc } from "../../../lib/trpc";
import type { SearchMembersInput } from "../search-input";

export type { SearchMembersInput };

/** members.search: one page of profile cards; the previous page stays on screen while the next loads. */
export function useSearchMembers(input: SearchMembersInput) {
  return trpc.members.search.useQuery(input, { placeholderData: keepPreviousData, staleTime: 30_000 });
}
