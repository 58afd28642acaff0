import { useState } from "react";
import { subscribeToPush } from "../push";
import { usePushSubscribe } from "./use-push-subscribe";

/**
 * Turn on push for the logged-in member (§2 push prompt, §4 signup steps' push step): ask the
 * browser's permission, subscribe with the site's VAPID key and send the subscription to the
 * account through push.subscribe; a refusal is recorded as "denied" (§4).
 * @returns `turnOn(publicKey)` resolving to "subscribed", "denied", "failed" (the browser's push
 *          service or our server refused: the member is told, and may try again; a browser
 *          subscription the server did not take is sent again on the next page load) or false
 *          (dismissed without an answer, or no service worker / push here), and `asking` while it runs.
 */
export function useTurnOnPush() {
  const save = usePushSubscribe();
  const [asking, setAsking] = useState(false);
  const turnOn = async (publicKey: string): Promise<"subscribed" | "denied" | "failed" | false> => {
    setAsking(true);
    try {
      const result = await subscribeToPush(publicKey);
      if (result === "denied") {
        save.mutate({ subscription: "denied" });
        return "denied";
      }
      if (result === "failed") return "failed";
      if (result && result.endpoint && result.keys?.p256dh && result.keys.auth) {
        await save.mutateAsync({
          subscription: {
            endpoint: result.endpoint,
            expirationTime: result.expirationTime ?? null,
            keys: { p256dh: result.keys.p256dh, auth: result.keys.auth },
          },
        });
        return "subscribed";
      }
      return false;
    } catch {
      return "failed";
    } finally {
      setAsking(false);
    }
  };
  return { turnOn, asking };
}
