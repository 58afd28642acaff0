import { trpc } from "../trpc";

type SubscriptionOptions = NonNullable<Parameters<typeof trpc.live.events.useSubscription>[1]>;

/**
 * live.events: the member's live stream over the WebSocket (one per tab, opened by LiveProvider):
 * new messages, typing, reads, likes, matches, credit and payment changes (§4). Each event comes
 * as `tracked(id, event)`; on a reconnect the stream resumes after the last id it delivered.
 * `enabled`: only for a logged-in member.
 */
export function useLiveEventsSubscription(enabled: boolean, handlers: Omit<SubscriptionOptions, "enabled">) {
  trpc.live.events.useSubscription(undefined, { ...handlers, enabled });
}
