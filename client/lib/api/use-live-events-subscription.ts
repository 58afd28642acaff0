import { useEffect, useRef } from "react";
import { trpc } from "../trpc";
import { reconnectDelayMs } from "../reconnect";

type SubscriptionOptions = NonNullable<Parameters<typeof trpc.live.events.useSubscription>[1]>;

/**
 * live.events: the member's live stream over the WebSocket (one per tab, opened by LiveProvider):
 * new messages, typing, reads, likes, matches, credit and payment changes (§4). Each event comes
 * as `tracked(id, event)`; on a reconnect the stream resumes after the last id it delivered.
 * `enabled`: only for a logged-in member.
 *
 * A stream the server refused for a moment (503 while the database restarts, a reconnect storm)
 * starts again by itself after the jittered reconnect delay; a 403 (logged out) is left to
 * `handlers.onError`, which logs the member out.
 */
export function useLiveEventsSubscription(enabled: boolean, handlers: Omit<SubscriptionOptions, "enabled">) {
  const attempts = useRef(0);
  const subscription = trpc.live.events.useSubscription(undefined, {
    ...handlers,
    enabled,
    onStarted() {
      attempts.current = 0;
      handlers.onStarted?.();
    },
  });
  const { status, error, reset } = subscription;
  useEffect(() => {
    if (status !== "error" || error?.data?.httpStatus === 403) return;
    const timer = setTimeout(reset, reconnectDelayMs(attempts.current++));
    return () => clearTimeout(timer);
  }, [status, error, reset]);
}
