import { trpc } from "../trpc";

/**
 * push.subscribe: send this browser's push subscription to the account (§4: when logged in), or
 * false (not subscribed), or "denied" (permission refused, recorded as denied). Errors: VALIDATION.
 */
export function usePushSubscribe() {
  return trpc.push.subscribe.useMutation();
}
