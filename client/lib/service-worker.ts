/**
 * Register the service worker (§7 "A push service worker is registered"; issue 11: installable
 * app, offline page, Web Push). Only in the built app (the dev server has no /sw.js) and where the
 * browser has service workers; after the page has loaded, so it never competes with the first
 * paint. Failure is ignored: the site works without it.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  const register = () => void navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
