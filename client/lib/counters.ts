import { useEffect, useState } from "react";
import { trpc } from "./trpc";
import { useConnection } from "./connection";
import { FIRST_POLL_DELAY_MS, POLL_INTERVAL_MS } from "./constants";

/**
 * §2 badge totals (unread messages, new likes). Live events keep them fresh while the
 * WebSocket is open; when it is down, §4 polling takes over: first 5 s after load, then every 60 s.
 */
export function useCounters(enabled: boolean) {
  const { socketOpen } = useConnection();
  const [firstPollDone, setFirstPollDone] = useState(false);
  const q = trpc.live.counters.useQuery(undefined, {
    enabled,
    refetchInterval: socketOpen ? false : firstPollDone ? POLL_INTERVAL_MS : FIRST_POLL_DELAY_MS,
  });
  useEffect(() => {
    if (q.dataUpdatedAt && !firstPollDone) {
      const t = setTimeout(() => setFirstPollDone(true), FIRST_POLL_DELAY_MS);
      return () => clearTimeout(t);
    }
  }, [q.dataUpdatedAt, firstPollDone]);
  return q.data ?? { unreadMessages: 0, newLikes: 0 };
}

/** §2, §9: a badge shows 99+ above 99. */
export function badgeText(n: number): string {
  return n > 99 ? "99+" : String(n);
}
