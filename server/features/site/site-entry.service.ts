import { countryOfIp } from "../geo/geoip.js";
import type { Site } from "./site.service.js";

/**
 * §4 site-entry warning (§1 "An adult-entry warning is shown; some layouts have a
 * country-restricted version for NL and DE"): the part of the rule the server knows. The browser
 * adds the rest (not an installed app, not already skipped: app's SiteEntryWarning).
 */

/** §1: the countries of the country-restricted version. */
export const SITE_ENTRY_COUNTRIES: readonly string[] = ["NL", "DE"];

export interface SiteEntryWarning {
  /** Shown at all: the site's enable_site_entry_popup is not 'no' and the visitor is logged out. */
  show: boolean;
  /** The country-restricted version (the lander layout's) applies too: `show` and the request's GeoIP country is NL or DE. */
  showCountryLimited: boolean;
}

/**
 * site.entryWarning: whether this request gets the §4 site-entry warning, in both versions.
 * The client address is looked up (§3 geoip_country, offline database) only when the warning is
 * enabled for a visitor. No errors (an unknown or private address has no country).
 */
export async function siteEntryWarning(
  site: Pick<Site, "enable_site_entry_popup">,
  loggedIn: boolean,
  clientIp: string | null,
): Promise<SiteEntryWarning> {
  const show = site.enable_site_entry_popup !== "no" && !loggedIn;
  if (!show) return { show, showCountryLimited: false };
  const country = await countryOfIp(clientIp);
  return { show, showCountryLimited: country !== null && SITE_ENTRY_COUNTRIES.includes(country) };
}
