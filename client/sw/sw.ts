import { sameSitePath } from "../lib/same-site-path";
/**
 * The service worker (issue 11; §7 "A push service worker is registered"; §2 installed app),
 * built by scripts/vite-service-worker.ts into /sw.js (scope "/", served `no-cache`).
 *
 * - App shell: on install, the entry's scripts and styles of this build, the offline page and the
 *   icons are cached (`__PRECACHE__`, written by the build); old builds' caches are dropped on
 *   activate. `/assets/*` (content-hashed) are served cache first and cached as they are fetched.
 * - Pages: network first; offline, the cached offline page. The shell's icons: network first;
 *   offline, from the cache (the offline page shows one).
 * - Never cached: /trpc, /api, /media (private photos under /media/p above all), payments and
 *   everything that is not a GET of this origin: those always go to the network.
 * - Push: shows the notification of the payload (push.service PushPayload: title, body, url, tag,
 *   badge), sets the app badge to the unread total (§2, failure ignored); a click focuses an open
 *   tab and leads it to the payload's page (the chat, the received likes, the match), or opens one.
 */

// The DOM lib is the project's; the service worker's own types, as far as used here.
interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(r: Response | Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown; text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification & { data: unknown };
}
interface WindowClient {
  url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface ServiceWorkerScope {
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    claim(): Promise<void>;
    matchAll(o: { type: "window"; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", l: (e: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", l: (e: FetchEvent) => void): void;
  addEventListener(type: "push", l: (e: PushEvent) => void): void;
  addEventListener(type: "notificationclick", l: (e: NotificationEvent) => void): void;
}
declare const __PRECACHE__: string[];
declare const __BUILD_ID__: string;

const sw = self as unknown as ServiceWorkerScope;
const SHELL_CACHE = `amora-shell-${__BUILD_ID__}`;
const OFFLINE_PAGE = "/offline.html";
/** Precached files whose names do not change with their content (not under /assets/). */
const PRECACHED_OUTSIDE_ASSETS = new Set(__PRECACHE__.filter((p) => !p.startsWith("/assets/")));
/** Paths whose answers are private or live: never from (or into) the cache. */
const NEVER_CACHE =
  /^\/(trpc|api|media|payments|checkout|simulated-checkout|webhooks|mail|metrics|readyz|healthz)(\/|$)/;

sw.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll([OFFLINE_PAGE, ...__PRECACHE__]))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith("amora-shell-") && k !== SHELL_CACHE).map((k) => caches.delete(k))),
      )
      .then(() => sw.clients.claim()),
  );
});

sw.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== sw.location.origin || NEVER_CACHE.test(url.pathname)) return;
  if (req.mode === "navigate") {
    event.respondWith(fetch(req).catch(() => caches.match(OFFLINE_PAGE).then((r) => r ?? Response.error())));
    return;
  }
  // The rest of the shell (the offline page's icon, the favicon): fresh from the network, the
  // cached copy offline.
  if (PRECACHED_OUTSIDE_ASSETS.has(url.pathname)) {
    event.respondWith(fetch(req).catch(() => caches.match(req).then((r) => r ?? Response.error())));
    return;
  }
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(
      caches.match(req).then(
        (hit) =>
          hit ??
          fetch(req).then((res) => {
            if (res.ok) {
              const copy = res.clone();
              void caches.open(SHELL_CACHE).then((c) => c.put(req, copy));
            }
            return res;
          }),
      ),
    );
  }
});

interface PushPayload {
  title?: string;
  body?: string;
  url?: string;
  tag?: string;
  badge?: number;
}

sw.addEventListener("push", (event) => {
  let p: PushPayload;
  try {
    p = (event.data?.json() ?? {}) as PushPayload;
  } catch {
    p = { body: event.data?.text() ?? "" };
  }
  const nav = navigator as Navigator & { setAppBadge?: (n: number) => Promise<void> };
  const badge = typeof p.badge === "number" && p.badge > 0 ? nav.setAppBadge?.(p.badge).catch(() => {}) : undefined;
  // A path of this site only (not "//host" nor "/\\host", which browsers read as another site).
  const url = (typeof p.url === "string" && sameSitePath(p.url)) || "/";
  event.waitUntil(
    Promise.all([
      sw.registration.showNotification(p.title || "Amora", {
        body: p.body ?? "",
        tag: p.tag,
        icon: "/icons/icon-192.png",
        badge: "/icons/badge-96.png",
        data: { url },
        // A newer push of one conversation replaces the older one and still alerts.
        ...({ renotify: Boolean(p.tag) } as object),
      }),
      badge,
    ]),
  );
});

sw.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: string } | null)?.url ?? "/";
  const target = new URL(path, sw.location.origin).href;
  event.waitUntil(
    sw.clients.matchAll({ type: "window", includeUncontrolled: true }).then(async (tabs) => {
      const tab = tabs.find((c) => new URL(c.url).origin === sw.location.origin);
      if (tab) {
        const focused = await tab.focus();
        // navigate() works only for a tab this worker controls; otherwise open the page anew.
        if (await focused.navigate(target).catch(() => null)) return;
      }
      await sw.clients.openWindow(target);
    }),
  );
});
