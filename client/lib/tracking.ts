import { parseCookie, stringifySetCookie } from "cookie";

/**
 * §2 tracking parameters and §3 "Tracking record (cookie): network, ref, sub1, sub2, sub3".
 *
 * On any page, the URL's tracking parameters are read, the valid ones kept in the `tracking`
 * cookie (last click wins: a new valid set replaces the record) and every tracking parameter is
 * removed from the URL. The server reads the cookie again with the same bounds
 * (server/features/tracking/tracking.service.ts) and stores it on the account at signup.
 */

/** The cookie's name; the server reads the same one. */
export const TRACKING_COOKIE_NAME = "tracking";
/** How long the record is kept: 30 days, an affiliate network's usual attribution window. */
export const TRACKING_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 3600;

export const TRACKING_KEYS = ["network", "ref", "sub1", "sub2", "sub3"] as const;
export type TrackingKey = (typeof TRACKING_KEYS)[number];
export type TrackingRecord = Partial<Record<TrackingKey, string>>;

/**
 * URL parameters per record key, strongest first (§2 "network, ref, sub, sub1, sub2, sub3, aff_sub
 * variants"): sub and aff_sub stand for sub1, aff_sub2 / aff_sub3 for sub2 / sub3.
 */
const SOURCES: Record<TrackingKey, readonly string[]> = {
  network: ["network"],
  ref: ["ref"],
  sub1: ["sub1", "sub", "aff_sub"],
  sub2: ["sub2", "aff_sub2"],
  sub3: ["sub3", "aff_sub3"],
};
/** Accepted and removed from the URL, not kept: the record has sub1–3 only. */
const DROPPED = ["aff_sub4", "aff_sub5"];
const ALL_PARAMS = [...Object.values(SOURCES).flat(), ...DROPPED];

/** 1–100 characters of letters, digits and `. _ ~ : @ + -` (the server's rule). */
const SAFE_VALUE = /^[A-Za-z0-9._~:@+-]{1,100}$/;

/**
 * Split a URL query into the tracking record it carries and the query without any tracking
 * parameter.
 * @param search e.g. "?ref=abc&sub=7&page=2"
 * @returns `found`: whether any tracking parameter was present (then the URL must be replaced);
 *   `record`: the valid values, or null when none is valid; `search`: "?page=2" ("" when empty).
 */
export function takeTrackingParams(search: string): { found: boolean; record: TrackingRecord | null; search: string } {
  const params = new URLSearchParams(search);
  const found = ALL_PARAMS.some((p) => params.has(p));
  if (!found) return { found, record: null, search };
  const record: TrackingRecord = {};
  for (const key of TRACKING_KEYS) {
    const value = SOURCES[key].map((p) => params.get(p)).find((v) => v !== null && SAFE_VALUE.test(v));
    if (value) record[key] = value;
  }
  for (const p of ALL_PARAMS) params.delete(p);
  const rest = params.toString();
  return { found, record: Object.keys(record).length > 0 ? record : null, search: rest ? `?${rest}` : "" };
}

/** Keep `record` in the `tracking` cookie (path /, SameSite=Lax, 30 days; Secure on https). */
export function saveTrackingRecord(record: TrackingRecord): void {
  const value = new URLSearchParams(
    TRACKING_KEYS.filter((k) => record[k]).map((k) => [k, record[k]!] as [string, string]),
  ).toString();
  document.cookie = stringifySetCookie({
    name: TRACKING_COOKIE_NAME,
    value,
    path: "/",
    maxAge: TRACKING_COOKIE_MAX_AGE_SECONDS,
    sameSite: "lax",
    secure: location.protocol === "https:",
  });
}

/** The record kept in the cookie, or null (only valid keys are returned). */
export function readTrackingRecord(): TrackingRecord | null {
  const raw = parseCookie(document.cookie)[TRACKING_COOKIE_NAME];
  if (!raw) return null;
  const { record } = takeTrackingParams(raw);
  return record;
}
