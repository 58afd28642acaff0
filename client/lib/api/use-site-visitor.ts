import { trpc } from "../trpc";

/**
 * site.visitor: the §4 policies as they apply to this browser (signups open or invite-only,
 * logged-out search), its §3 geoip_country and the site's default language. Read once per
 * 5 minutes; refetched when the session changes (login, signup, logout invalidate every query).
 */
export function useSiteVisitor() {
  return trpc.site.visitor.useQuery(undefined, { staleTime: 5 * 60_000 });
}
