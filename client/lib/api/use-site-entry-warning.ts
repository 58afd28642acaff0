import { trpc } from "../trpc";

/** site.entryWarning: the server's part of the §4 site-entry rule for this visitor ({ show, showCountryLimited }). */
export function useSiteEntryWarning(enabled: boolean) {
  return trpc.site.entryWarning.useQuery(undefined, { enabled, staleTime: Infinity });
}
