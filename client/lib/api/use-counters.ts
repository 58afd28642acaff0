import { trpc } from "../trpc";
import { usePollInterval } from "../polling";

/**
 * live.counters: §2 badge totals (unread messages, new likes). Live events keep them fresh while
 * the WebSocket is open; when it is down, §4 polling takes over. Zeros until the first answer.
 */
export function useCounters(enabled: boolean) {
  const refetchInterval = usePollInterval();
  const q = trpc.live.counters.useQuery(undefined, { enabled, refetchInterval });
  return q.data ?? { unreadMessages: 0, newLikes: 0 };
}
