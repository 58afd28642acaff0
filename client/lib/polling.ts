import { useEffect, useState } from "react";
import { useConnection } from "./connection";
import { FIRST_POLL_DELAY_MS, POLL_INTERVAL_MS } from "./constants";

/**
 * §4 polling, the fallback while the live WebSocket is down: the first poll 5 s after load,
 * then every 60 s (300 s with push, once push exists). While the socket is open, live events
 * keep data fresh and nothing polls.
 * @returns a react-query refetchInterval in ms, or false.
 */
export function usePollInterval(): number | false {
  const { socketOpen } = useConnection();
  const [firstPollDue, setFirstPollDue] = useState(true);
  useEffect(() => {
    const t = setTimeout(() => setFirstPollDue(false), FIRST_POLL_DELAY_MS + 1000);
    return () => clearTimeout(t);
  }, []);
  if (socketOpen) return false;
  return firstPollDue ? FIRST_POLL_DELAY_MS : POLL_INTERVAL_MS;
}
