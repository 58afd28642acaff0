import { trpc } from "./trpc";
import { BADGE_CAP } from "./constants";
import { usePollInterval } from "./polling";

/**
 * §2 badge totals (unread messages, new likes). Live events keep them fresh while the
 * WebSocket is open; when it is down, §4 polling takes over.
 */
export function useCounters(enabled: boolean) {
  const refetchInterval = usePollInterval();
  const q = trpc.live.counters.useQuery(undefined, { enabled, refetchInterval });
  return q.data ?? { unreadMessages: 0, newLikes: 0 };
}

/** §2, §9: a badge shows 99+ above 99. */
export function badgeText(n: number): string {
  return n > BADGE_CAP ? `${BADGE_CAP}+` : String(n);
}
