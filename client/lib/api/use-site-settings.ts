import { trpc } from "../trpc";

/**
 * site.settings: the serving site's §3 prices and limits (message_credits, message_length,
 * gift_credits, photo_credits, free_messages, refund_days, photo limits). The one hook for the
 * procedure: settings change rarely, so they are read once per 5 minutes.
 */
export function useSiteSettings() {
  return trpc.site.settings.useQuery(undefined, { staleTime: 5 * 60_000 });
}
