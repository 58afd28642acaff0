import { useEffect } from "react";

/** §7 POST /api/page-hidden.php: the beacon's address. */
export const PAGE_HIDDEN_BEACON_URL = "/api/page-hidden.php";

/**
 * §7: when the tab becomes hidden, tell the server with a beacon (empty JSON, sent as text/plain:
 * a beacon with a JSON content type is refused by browsers without a CORS preflight). Only while
 * `enabled` (a logged-in member); failures are ignored (the answer is not used).
 */
export function usePageHiddenBeacon(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const onChange = () => {
      if (document.visibilityState !== "hidden") return;
      try {
        navigator.sendBeacon?.(PAGE_HIDDEN_BEACON_URL, new Blob(["{}"], { type: "text/plain" }));
      } catch {
        // §7 'not shown': nothing to do when the browser refuses.
      }
    };
    document.addEventListener("visibilitychange", onChange);
    return () => document.removeEventListener("visibilitychange", onChange);
  }, [enabled]);
}
