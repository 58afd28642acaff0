import { trpc } from "../trpc";
import { usePollInterval } from "../polling";

/**
 * accounts.me: the logged-in member's own account (credits, premium, free messages left, settings).
 * `me` is null for a visitor and undefined while loading. Live events keep it fresh; while the
 * socket is down it is polled (§4).
 */
export function useMe() {
  const refetchInterval = usePollInterval();
  const q = trpc.accounts.me.useQuery(undefined, { staleTime: 30_000, refetchInterval });
  return { me: q.data, isLoading: q.isLoading };
}
