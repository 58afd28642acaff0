import type { TrafficSourceColumn } from "../../../db/database.js";

/**
 * §2 tracking parameters and §3 "Tracking record (cookie): network, ref, sub1, sub2, sub3".
 *
 * The browser keeps the record in the `tracking` cookie (client/lib/tracking.ts writes it from the
 * URL's parameters and removes them from the URL). The cookie is the visitor's own input, so the
 * server parses it again with the same rules and never trusts more than they allow: only the five
 * keys, each 1–100 characters of a small safe alphabet. The record travels with every request
 * (tRPC context `trafficSource`) and is stored on the account at signup (users.traffic_source).
 * /work/notes/l1-tracking.md and docs/decisions.md describe the format.
 */

/** The cookie's name (§3 tracking record). */
export const TRACKING_COOKIE_NAME = "tracking";

/** The §3 record's keys, in order. */
export const TRACKING_KEYS = ["network", "ref", "sub1", "sub2", "sub3"] as const;
export type TrackingKey = (typeof TRACKING_KEYS)[number];

/** A tracking record: the keys present, each a bounded safe string. */
export type TrafficSource = TrafficSourceColumn;

/** Longest value kept, in characters. */
export const TRACKING_VALUE_MAX_CHARS = 100;

/** Letters, digits and `. _ ~ : @ + -`: what affiliate ids and click ids use; nothing that could be markup or a path. */
const SAFE_VALUE = /^[A-Za-z0-9._~:@+-]{1,100}$/;

/** Whether `v` may be kept as a tracking value. */
export function isSafeTrackingValue(v: unknown): v is string {
  return typeof v === "string" && v.length <= TRACKING_VALUE_MAX_CHARS && SAFE_VALUE.test(v);
}

/**
 * The tracking record in a `tracking` cookie value (already percent-decoded by the cookie parser):
 * a query string such as `network=affnet&ref=abc&sub1=x`. Unknown keys and unsafe or over-long
 * values are dropped, the first occurrence of a key wins.
 *
 * @param cookieValue the cookie's value, or null/undefined when the request carries none.
 * @returns the record, or null when it holds no valid key (or the value is over 1,000 characters).
 */
export function parseTrafficSource(cookieValue: string | null | undefined): TrafficSource | null {
  if (!cookieValue || cookieValue.length > 1000) return null;
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(cookieValue);
  } catch {
    return null;
  }
  const out: TrafficSource = {};
  for (const key of TRACKING_KEYS) {
    const v = params.get(key);
    if (isSafeTrackingValue(v)) out[key] = v;
  }
  return TRACKING_KEYS.some((k) => out[k] !== undefined) ? out : null;
}

/**
 * §4 "a traffic source exists" (signups 'with_trafficsource', logged_out_search_trafficsource):
 * the record names a network or a ref, the two keys that say where the visitor came from; sub1–3
 * alone only sub-divide a source and are no source themselves (issue 11's definition).
 * @param ts a record from parseTrafficSource (the request's `ctx.trafficSource`) or a stored one.
 */
export function hasTrafficSource(ts: TrafficSource | null | undefined): boolean {
  if (!ts) return false;
  return isSafeTrackingValue(ts.network) || isSafeTrackingValue(ts.ref);
}

/**
 * The users.traffic_source value to write for `ts`: its JSON, keys in the record's order, or null.
 */
export function trafficSourceColumn(ts: TrafficSource | null | undefined): string | null {
  if (!ts || !TRACKING_KEYS.some((k) => isSafeTrackingValue(ts[k]))) return null;
  const clean: TrafficSource = {};
  for (const k of TRACKING_KEYS) if (isSafeTrackingValue(ts![k])) clean[k] = ts![k];
  return JSON.stringify(clean);
}
