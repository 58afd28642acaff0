import { useState } from "react";
import { subscribeToPush } from "../push";
import { usePushSubscribe } from "./use-push-subscribe";

/**
 * Turn on push for the logged-in member (§2 push prompt, §4 signup steps' push step): ask the
 * browser's permission, subscribe with the site's VAPID key and send the subscription to the
 * account through push.subscribe; a refusal is recorded as "denied" (§4).
 * @returns `turnOn(publicKey)` resolving to "subscribed", "denied" or false (dismissed without an
 *          answer, or no service worker / push service), and `asking` while it runs.
 */
export function useTurnOnPush() {
  const save = usePushSubscribe();
  const [asking, setAsking] = useState(false);
  const turnOn = async (publicKey: string): Promise<"subscribed" | "denied" | false> => {
    setAsking(true);
    try {
      const result = await subscribeToPush(publicKey);
      if (result === "denied") {
        save.mutate({ subscription: "denied" });
        return "denied";
      }
      if (result && result.endpoint && result.keys?.p256dh && result.keys.auth) {
        save.mutate({
          subscription: {
            endpoint: result.endpoint,
            expirationTime: result.expirationTime ?? null,
            keys: { p256dh: result.keys.p256dh, auth: result.keys.auth },
          },
        });
        return "subscribed";
      }
      return false;
    } finally {
      setAsking(false);
    }
  };
  return { turnOn, asking };
}
