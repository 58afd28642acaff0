import { trpc } from "../../../lib/trpc";

/** likes.suggestion: the §7 auto-like pick for the /likes suggestion card (a real new like, or a suggestion). */
export function useLikesSuggestion() {
  return trpc.likes.suggestion.useQuery(undefined, { staleTime: 60_000 });
}
