import { keepPreviousData } from "@tanstack/react-query";
import { trpc, type AppRouter } from "../../../lib/trpc";
import type { inferRouterInputs } from "@trpc/server";

export type SearchMembersInput = inferRouterInputs<AppRouter>["members"]["search"];

/** members.search: one page of profile cards; the previous page stays on screen while the next loads. */
export function useSearchMembers(input: SearchMembersInput) {
  return trpc.members.search.useQuery(input, { placeholderData: keepPreviousData, staleTime: 30_000 });
}
