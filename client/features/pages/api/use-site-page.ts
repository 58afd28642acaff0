import { trpc } from "../../../lib/trpc";

/** site.page: one of the site's own §2 `{token}` pages, in the visitor's language (else English). */
export function useSitePage(token: string, enabled = true) {
  return trpc.site.page.useQuery({ token }, { enabled, staleTime: 5 * 60_000, retry: false });
}
