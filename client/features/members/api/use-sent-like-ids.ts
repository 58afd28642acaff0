import { useMemo } from "react";
import { trpc } from "../../../lib/trpc";

/**
 * likes.list (sent): the ids of the members already liked, so the swipe game does not offer them
 * again. The same query as the /likes "sent" tab, so a like anywhere refreshes it.
 */
export function useSentLikeIds() {
  const q = trpc.likes.list.useQuery({ type: "sent" }, { staleTime: 30_000 });
  const ids = useMemo(() => new Set(q.data?.items.map((i) => i.profile.id) ?? []), [q.data]);
  return { ids, isLoading: q.isLoading, error: q.error };
}
