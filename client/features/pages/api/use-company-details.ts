import { trpc } from "../../../lib/trpc";

/**
 * site.company: the serving site's §3 company info, support contacts (the phone also cleaned of
 * dashes and spaces for `tel:`, §9) and the §9 terms version date. Rarely changes: 5 minutes fresh.
 */
export function useCompanyDetails() {
  return trpc.site.company.useQuery(undefined, { staleTime: 5 * 60_000 });
}
