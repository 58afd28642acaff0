import { DomainError } from "../../domain-error.js";
import { LOCALES, type Locale } from "../../constants.js";
import { countryOfIp } from "../geo/geoip.js";
import type { Site } from "./site.service.js";
import { hasTrafficSource, type TrafficSource } from "../tracking/tracking.service.js";

/**
 * The §3 site settings that open or close parts of the site to visitors (§4): the `signups`
 * policy (invite-only mode) and logged-out search. Pure functions: the one place these rules are
 * written, for tRPC, the legacy API and the client's settings answer alike. "A traffic source
 * exists" is the tracking feature's hasTrafficSource (the §3 tracking record from the `tracking`
 * cookie, ctx.trafficSource).
 */

export { hasTrafficSource };

/**
 * §4 "Signups are open when the setting is 'all', or 'with_trafficsource' and a traffic source
 * exists." Anything else ('other', or with_trafficsource without a source) is the invite-only mode.
 */
export function signupsOpen(site: Pick<Site, "signups">, tracking: TrafficSource | null | undefined): boolean {
  if (site.signups === "all") return true;
  if (site.signups === "with_trafficsource") return hasTrafficSource(tracking);
  return false;
}

/**
 * §4 "Logged-out search is visible if logged in, or either logged-out-search setting is not
 * 'none' (the traffic-source one needs a traffic source)."
 */
export function loggedOutSearchAllowed(
  site: Pick<Site, "logged_out_search" | "logged_out_search_trafficsource">,
  tracking: TrafficSource | null | undefined,
  loggedIn: boolean,
): boolean {
  if (loggedIn) return true;
  if (site.logged_out_search !== "none") return true;
  return site.logged_out_search_trafficsource !== "none" && hasTrafficSource(tracking);
}

/** §4 invite-only mode: a signup refused by the site's `signups` setting (403, nothing stored). */
export class SignupsClosedError extends DomainError {
  constructor() {
    super("SIGNUPS_CLOSED", "Signing up is by invitation only on this site.");
  }
}

/**
 * @throws SignupsClosedError when §4 keeps signups closed for this visitor.
 */
export function assertSignupsOpen(site: Pick<Site, "signups">, tracking: TrafficSource | null | undefined): void {
  if (!signupsOpen(site, tracking)) throw new SignupsClosedError();
}

/** What the browser needs to know about the site's policies for the one asking (site.visitor). */
export interface VisitorAccess {
  /** §4: the signup form may be shown (else the invite-only notice). */
  signupsOpen: boolean;
  /** §4: the member search is open to this visitor (always true for a member). */
  loggedOutSearch: boolean;
  /** §4: a tracking record with a traffic source came with the request. */
  trafficSource: boolean;
  /** §3 geoip_country: the country of the client's address (ISO 3166-1 alpha-2), null when unknown (private addresses). */
  geoipCountry: string | null;
  /** §4 locale default: the site's domain_language when it is one of the seven locales, else null. */
  domainLanguage: Locale | null;
}

/**
 * site.visitor: the §4 policies as they apply to this request (signups, logged-out search), the
 * §3 geoip_country of its address (for §2 language choices by country) and the site's default
 * language. No errors (an unknown address is a null country).
 */
export async function visitorAccess(
  site: Pick<Site, "signups" | "logged_out_search" | "logged_out_search_trafficsource" | "domain_language">,
  trafficSource: TrafficSource | null,
  loggedIn: boolean,
  clientIp: string | null,
): Promise<VisitorAccess> {
  const lang = site.domain_language.slice(0, 2).toLowerCase();
  return {
    signupsOpen: signupsOpen(site, trafficSource),
    loggedOutSearch: loggedOutSearchAllowed(site, trafficSource, loggedIn),
    trafficSource: hasTrafficSource(trafficSource),
    geoipCountry: await countryOfIp(clientIp),
    domainLanguage: (LOCALES as readonly string[]).includes(lang) ? (lang as Locale) : null,
  };
}
