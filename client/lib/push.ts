import { useSyncExternalStore } from "react";

/**
 * The browser's side of Web Push (§4 push subscription; §2 push prompt; issue 11): whether push is
 * possible here, and this browser's subscription state, shared by every component (the prompt, the
 * polling interval) through one small store.
 *
 * §4 states: null (unknown, not read yet), "subscribed", "denied" (permission refused), false (not
 * subscribed).
 */
export type PushSubscriptionState = null | "subscribed" | "denied" | false;

/** Push is possible: a secure context with service workers, the Push API and notifications. */
export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    window.isSecureContext &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

let state: PushSubscriptionState = null;
let current: PushSubscription | null = null;
const listeners = new Set<() => void>();
function set(next: PushSubscriptionState, sub: PushSubscription | null) {
  current = sub;
  if (next === state) return;
  state = next;
  for (const l of listeners) l();
}

let reading: Promise<void> | null = null;
/** Read this browser's state once (the service worker's subscription and the permission). */
function readState(): Promise<void> {
  if (!reading) {
    reading = (async () => {
      if (!pushSupported()) return set(false, null);
      if (Notification.permission === "denied") return set("denied", null);
      const reg = await navigator.serviceWorker.getRegistration("/");
      const sub = (await reg?.pushManager.getSubscription()) ?? null;
      set(sub ? "subscribed" : false, sub);
    })().catch(() => set(false, null));
  }
  return reading;
}

/** This browser's §4 push state (re-renders when it changes); null until read. */
export function usePushState(): PushSubscriptionState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      void readState();
      return () => listeners.delete(l);
    },
    () => state,
    () => null,
  );
}

/** This browser's subscription as the server stores it, or null. */
export function currentSubscription(): PushSubscriptionJSON | null {
  return current?.toJSON() ?? null;
}

/** The VAPID public key (base64url) as the bytes PushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/**
 * Ask for permission and subscribe this browser with the site's VAPID key (§2 push prompt).
 * @returns the subscription to send to the account, "denied" (permission refused, §4: recorded
 *          as denied), "failed" (permission granted, but the browser's push service refused or could
 *          not be reached), or false (dismissed without an answer, or no service worker / push here).
 */
export async function subscribeToPush(publicKey: string): Promise<PushSubscriptionJSON | "denied" | "failed" | false> {
  if (!pushSupported()) return false;
  const permission = await Notification.requestPermission();
  if (permission === "denied") {
    set("denied", null);
    return "denied";
  }
  if (permission !== "granted") return false;
  try {
    const reg = await navigator.serviceWorker.ready;
    const sub =
      (await reg.pushManager.getSubscription()) ??
      (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
    set("subscribed", sub);
    return sub.toJSON();
  } catch {
    set(false, null);
    return "failed";
  }
}

/**
 * On logout: end this browser's subscription, so the next member on this device gets no pushes
 * meant for the last one (the push service then answers 410 and the server deletes it). Never throws.
 */
export async function forgetPushSubscription(): Promise<void> {
  try {
    const sub = current ?? (await (await navigator.serviceWorker?.getRegistration("/"))?.pushManager.getSubscription());
    await sub?.unsubscribe();
  } catch {
    // Nothing to end, or the browser refused: the server still drops it at the first 410.
  }
  reading = null;
  set(pushSupported() && Notification.permission === "denied" ? "denied" : false, null);
}
