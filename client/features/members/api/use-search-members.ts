import { keepPreviousData } from "@tanstack/react-query";
import { trpc } from "../../../lib/trpc";
import type { RouterInputs } from "../../../lib/router-types";

export type SearchMembersInput = RouterInputs["members"]["search"];

/** members.search: one page of profile cards; the previous page stays on screen while the next loads. */
export function useSearchMembers(input: SearchMembersInput) {
  return trpc.members.search.useQuery(input, { placeholderData: keepPreviousData, staleTime: 30_000 });
}
