import { useEffect, useState, useSyncExternalStore } from "react";
import { Trans } from "@lingui/react/macro";
import { useConnection } from "../../../lib/connection";
import { RECONNECTING_NOTICE_DELAY_MS } from "../../../lib/constants";

function subscribeToOnline(onChange: () => void): () => void {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/**
 * What a member in a chat should know about the connection (§4 real time, §7): that the browser
 * is offline, or that the live connection has been down for RECONNECTING_NOTICE_DELAY_MS while
 * online (new messages then come by the polling fallback, up to a minute late; sending still
 * works). A polite status region, in the page from the start so screen readers hear the change;
 * empty while all is well.
 */
export function ConnectionNotice() {
  const online = useSyncExternalStore(
    subscribeToOnline,
    () => navigator.onLine,
    () => true,
  );
  const { socketOpen } = useConnection();
  // Whether the socket has stayed closed for the delay; reset once it opens.
  const [longClosed, setLongClosed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLongClosed(!socketOpen), socketOpen ? 0 : RECONNECTING_NOTICE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [socketOpen]);
  const notice = !online ? "offline" : !socketOpen && longClosed ? "reconnecting" : null;
  return (
    <div
      role="status"
      className={
        notice ? "chat-connection-notice small px-3 py-2 bg-warning-subtle text-warning-emphasis border-bottom" : ""
      }
    >
      {notice === "offline" && <Trans>You are offline. New messages will show when you are back online.</Trans>}
      {notice === "reconnecting" && <Trans>Reconnecting… New messages may take up to a minute to show.</Trans>}
    </div>
  );
}
