/**
 * What the app keeps about a member in this browser's localStorage, by key prefix: alert
 * dismissals with their timestamps (§2 Banners and alerts; the welcome time bonus's among them,
 * which §4 clears on logout), the members passed in the swipe game, the payment country chosen, and
 * the place the geolocation call found (cached 1 h, §2 signup steps). The site-entry warning's
 * "skipped" time (§4) is the visitor's, not the member's, and stays.
 */
const MEMBER_KEY_PREFIXES = ["alert-dismissed:", "amora.swipe.passed.", "payment-country", "geocode"];

/**
 * On logout: forget what this browser kept about the member (MEMBER_KEY_PREFIXES), so the next
 * person on a shared device does not find the last member's city, payment country or the members
 * they passed. Never throws (storage may be unavailable).
 */
export function forgetMemberOnThisDevice(): void {
  try {
    for (const key of Object.keys(localStorage))
      if (MEMBER_KEY_PREFIXES.some((prefix) => key.startsWith(prefix))) localStorage.removeItem(key);
    for (const key of Object.keys(sessionStorage)) if (key.startsWith("time-bonus-")) sessionStorage.removeItem(key);
  } catch {
    // Storage disabled: nothing was kept.
  }
}
