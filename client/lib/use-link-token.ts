import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";

/**
 * The token of a link mailed to the member (`?token=…`: activation, password reset, e-mail change,
 * reactivation, unsubscribe), taken out of the address bar at once and kept in the page's own
 * history entry instead. The address bar, the browser's history list and anything that reads
 * the URL later (a screenshot, a shoulder, the next person on a shared device) no longer show a
 * token that may still be valid; a reload of the page still finds it (history state survives a
 * reload within the tab).
 * @returns the token, or "" when the page was opened without one.
 */
export function useLinkToken(): string {
  const location = useLocation();
  const navigate = useNavigate();
  const inUrl = new URLSearchParams(location.search).get("token");
  const state = location.state as { linkToken?: unknown } | null;
  const token = inUrl ?? (typeof state?.linkToken === "string" ? state.linkToken : "");
  useEffect(() => {
    if (inUrl === null) return;
    const rest = new URLSearchParams(location.search);
    rest.delete("token");
    const search = rest.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash },
      { replace: true, state: { ...(state ?? {}), linkToken: inUrl } },
    );
  }, [inUrl, location.pathname, location.search, location.hash, state, navigate]);
  return token;
}
