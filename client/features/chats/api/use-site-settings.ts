import { trpc } from "../../../lib/trpc";

/** site.settings: message_credits, message_length (§3, §9). */
export function useSiteSettings() {
  return trpc.site.settings.useQuery(undefined, { staleTime: Infinity });
}
