import { lazy, Suspense, useEffect, type ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";
import { useMe } from "../lib/api/use-me";
import { setPageTitle } from "../lib/page-title";
import { useCounters } from "../lib/api/use-counters";
import { usePageHiddenBeacon } from "../lib/page-hidden";

/** The member's live stream and its modals: a chunk of its own, loaded once a member is logged in. */
const LiveMember = lazy(() => import("./live-member").then((m) => ({ default: m.LiveMember })));

/**
 * The member's live stream (one subscription per tab, `LiveMember`, mounted only while a member
 * is logged in: a visitor's first load does not carry it, issue 11), the hidden-page beacon (§7)
 * and the page title and app badge (§2) with the unread messages plus new likes.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const { me } = useMe();
  // §7: registered as soon as the member is known (not with the live stream's chunk).
  usePageHiddenBeacon(!!me);
  const counters = useCounters(!!me);
  const total = counters.unreadMessages + counters.newLikes;
  const { t } = useLingui();
  const siteName = t`Amora`;
  useEffect(() => {
    setPageTitle({ count: total, site: siteName }); // "(3) Messages — Amora" (lib/page-title.ts)
    const nav = navigator as Navigator & {
      setAppBadge?: (n: number) => Promise<void>;
      clearAppBadge?: () => Promise<void>;
    };
    // §2: the same total as the app badge where supported; failure is ignored (§8).
    (total > 0 ? nav.setAppBadge?.(total) : nav.clearAppBadge?.())?.catch(() => {});
  }, [total, siteName]);

  return (
    <>
      {children}
      {me && (
        <Suspense fallback={null}>
          <LiveMember />
        </Suspense>
      )}
    </>
  );
}
