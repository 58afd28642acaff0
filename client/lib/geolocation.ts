import { useEffect, useState } from "react";

/** §9: a position (and its geocoded place) may be reused for 1 hour. */
export const GEOLOCATION_MAX_AGE_MS = 60 * 60 * 1000;

/** §4 geolocation permission: unsupported, unknown, or the browser's own state. */
export type GeolocationPermission = "unsupported" | "unknown" | "granted" | "denied" | "prompt";

/** The nearest place of a position (§7 GET /api/geocode.php, server/features/geo/geocode.ts). */
export interface GeocodedPlace {
  city: string;
  region: string | null;
  country: string;
}

const CACHE_KEY = "geocode";

/**
 * §4 "Geolocation permission: unsupported, unknown, or the browser's state (granted, denied,
 * prompt), kept updated": read from the Permissions API and followed through its change event.
 * "unknown" while it is being read or where the browser cannot tell.
 */
export function useGeolocationPermission(): GeolocationPermission {
  const supported = typeof navigator !== "undefined" && "geolocation" in navigator;
  const [state, setState] = useState<GeolocationPermission>(supported ? "unknown" : "unsupported");
  useEffect(() => {
    if (!supported || !navigator.permissions?.query) return;
    let status: PermissionStatus | null = null;
    let cancelled = false;
    const update = () => status && setState(status.state as GeolocationPermission);
    navigator.permissions
      .query({ name: "geolocation" })
      .then((s) => {
        if (cancelled) return;
        status = s;
        update();
        s.addEventListener("change", update);
      })
      .catch(() => {}); // the browser cannot tell: stays "unknown"
    return () => {
      cancelled = true;
      status?.removeEventListener("change", update);
    };
  }, [supported]);
  return state;
}

/** The last geocode result kept for an hour: a place, `false` (failed, §4), or null (none or too old). */
export function cachedPlace(now = Date.now()): GeocodedPlace | false | null {
  try {
    const raw = localStorage.getItem(CACHE_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as { atMs: number; place: GeocodedPlace | false };
    return now - v.atMs < GEOLOCATION_MAX_AGE_MS ? v.place : null;
  } catch {
    return null;
  }
}

function remember(place: GeocodedPlace | false) {
  try {
    localStorage.setItem(CACHE_KEY, JSON.stringify({ atMs: Date.now(), place }));
  } catch {
    // storage full or refused: the place is still used for this page
  }
}

/**
 * The visitor's place: the browser's position (a fix up to 1 hour old is accepted, §9) turned
 * into a place by §7 /api/geocode.php. A result (or a failure) is kept for an hour.
 * §4, §8: a geocode failure is recorded as `false`, silently.
 * @returns the place, or false when the position or the geocode failed or was refused.
 */
export async function locate(): Promise<GeocodedPlace | false> {
  const cached = cachedPlace();
  if (cached) return cached;
  if (!("geolocation" in navigator)) return false;
  const position = await new Promise<GeolocationPosition | null>((resolve) =>
    navigator.geolocation.getCurrentPosition(resolve, () => resolve(null), {
      maximumAge: GEOLOCATION_MAX_AGE_MS,
      timeout: 20_000,
    }),
  );
  if (!position) return false; // refused or unavailable: not a geocode failure, nothing recorded
  let place: GeocodedPlace | false = false;
  try {
    const { latitude, longitude } = position.coords;
    const res = await fetch(`/api/geocode.php?lat=${latitude.toFixed(6)}&lon=${longitude.toFixed(6)}`);
    if (res.ok) {
      const body = (await res.json()) as Partial<GeocodedPlace>;
      if (typeof body.city === "string" && typeof body.country === "string")
        place = { city: body.city, region: body.region ?? null, country: body.country };
    }
  } catch {
    place = false;
  }
  remember(place);
  return place;
}
