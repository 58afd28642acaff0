import { CHUNK_RELOAD_GUARD_MS } from "./constants";

/** Where the time of the last reload for a missing chunk is kept (this tab only). */
const GUARD_KEY = "amora.chunk-reload-at";

/**
 * Whether `err` is a lazy chunk that could not be loaded: after a deploy the old file names are
 * gone (browsers word it differently: Chromium, Firefox, Safari).
 */
export function isChunkLoadError(err: unknown): boolean {
  const message = err instanceof Error ? err.message : String(err);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

/**
 * §8: a missing-chunk failure reloads the page once, at most once per CHUNK_RELOAD_GUARD_MS (§9
 * page-reload guard, 60 s), so a chunk that is really gone shows the error page instead of
 * reloading forever. Records the reload and @returns true when one may happen now.
 */
export function claimChunkReload(now = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(GUARD_KEY) ?? 0);
    if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(GUARD_KEY, String(now));
    return true;
  } catch {
    return false; // no storage: no guard, so no reload (an error page beats a reload loop)
  }
}
