import { useEffect, useState } from "react";
import { useConnection } from "./connection";
import { FIRST_POLL_DELAY_MS, POLL_INTERVAL_MS, POLL_INTERVAL_WITH_PUSH_MS } from "./constants";
import { usePushState } from "./push";

/**
 * §4 polling, the fallback while the live WebSocket is down: the first poll 5 s after load,
 * then every 60 s, or every 300 s when this browser is subscribed to push (pushes then say what
 * is new). While the socket is open, live events keep data fresh and nothing polls.
 * @returns a react-query refetchInterval in ms, or false.
 */
export function usePollInterval(): number | false {
  const { socketOpen } = useConnection();
  const push = usePushState();
  const [firstPollDue, setFirstPollDue] = useState(true);
  useEffect(() => {
    const t = setTimeout(() => setFirstPollDue(false), FIRST_POLL_DELAY_MS + 1000);
    return () => clearTimeout(t);
  }, []);
  if (socketOpen) return false;
  if (firstPollDue) return FIRST_POLL_DELAY_MS;
  return push === "subscribed" ? POLL_INTERVAL_WITH_PUSH_MS : POLL_INTERVAL_MS;
}
