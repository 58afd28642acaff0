import type { AppDeps } from "../../deps.js";
import type { SiteRow } from "../../../db/database.js";
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from "./site.settings.js";
import { listSites } from "./site.repository.js";
import { MAX_PHOTOS_FREE, MAX_PHOTOS_PREMIUM } from "../../constants.js";

/**
 * §3 site settings of one branded site, as stored (migration 2026_11_22_0100_create_sites).
 * One database may serve several sites; the request's host picks one (§7 /api/settings.php).
 * Extends the rule-shaping SiteSettings (credits, message length) with the presentation and
 * policy settings of §3.
 */
export interface Site extends SiteSettings {
  id: number;
  domain: string;
  domain_language: string;
  cdn_prefix: string;
  index_title: string;
  description: string;
  countries: string[];
  /** §4: signups open when 'all', or 'with_trafficsource' and a traffic source exists. */
  signups: "all" | "with_trafficsource" | "other";
  logged_out_search: string;
  logged_out_search_trafficsource: string;
  /** 'no' disables the §4 site-entry warning. */
  enable_site_entry_popup: string;
  push_public_key: string | null;
  minimum_message_costs: Record<string, { costs: number; currency: string }>;
  support_phone: string;
  support_email: string;
  fictional_icon: boolean;
  fictional_warning: string;
  fictional_singular: string;
  fictional_plural: string;
  visible_profile_fields: string[];
  visible_profile_notes: boolean;
  search_fields: string[];
  refund_days: number;
  member_resell: boolean;
  company: CompanyInfo;
}

/** §3 company info (/api/companyinfo.php). */
export interface CompanyInfo {
  name: string;
  address: string;
  registration_number: string;
  city: string;
  country: string;
  tradenames: string[];
  vat_numbers: string[];
  support_phone: string;
  /** Percent off offered to a member about to delete their account. */
  delete_discount: number;
  /** ISO 8601 UTC; §9: the terms version date is 2023-12-01 12:00 UTC or this, if later. */
  added: string;
}

/** The server's VAPID public key, per database (every site served from it signs pushes with it). */
const pushPublicKeys = new WeakMap<AppDeps["db"], string>();

/**
 * Make `publicKey` (the server's VAPID key, push.service resolveVapidKeys) every site's
 * push_public_key (§3 site settings, §2 push prompt): a subscription made with another key could
 * not be pushed to. Called once at start (server/app.ts).
 */
export function usePushPublicKey(db: AppDeps["db"], publicKey: string): void {
  pushPublicKeys.set(db, publicKey);
  caches.delete(db);
}

function toSite(r: SiteRow, pushPublicKey: string | null): Site {
  return {
    id: r.id,
    name: r.name,
    domain: r.domain,
    domain_language: r.domain_language,
    cdn_prefix: r.cdn_prefix,
    index_title: r.index_title,
    description: r.description,
    countries: r.countries,
    signups: r.signups,
    logged_out_search: r.logged_out_search,
    logged_out_search_trafficsource: r.logged_out_search_trafficsource,
    enable_site_entry_popup: r.enable_site_entry_popup,
    push_public_key: pushPublicKey ?? r.push_public_key,
    minimum_message_costs: r.minimum_message_costs ?? {},
    support_phone: r.support_phone,
    support_email: r.support_email,
    fictional_icon: r.fictional_icon,
    fictional_warning: r.fictional_warning,
    fictional_singular: r.fictional_singular,
    fictional_plural: r.fictional_plural,
    visible_profile_fields: r.visible_profile_fields,
    visible_profile_notes: r.visible_profile_notes,
    search_fields: r.search_fields,
    message_credits: r.message_credits,
    photo_credits: r.photo_credits,
    gift_credits: r.gift_credits,
    signup_credits: r.signup_credits,
    free_messages: r.free_messages,
    message_length: r.message_length,
    refund_days: r.refund_days,
    member_resell: r.member_resell,
    photo_moderation: r.photo_moderation,
    company: {
      name: r.company_name,
      address: r.company_address,
      registration_number: r.company_registration_number,
      city: r.company_city,
      country: r.company_country,
      tradenames: r.company_tradenames,
      vat_numbers: r.company_vat_numbers,
      support_phone: r.support_phone,
      delete_discount: r.company_delete_discount,
      added: new Date(r.company_added).toISOString(),
    },
  };
}

/** How long an instance keeps a site's settings before reading them again. */
export const SITE_CACHE_TTL_MS = 30_000;

/** Every site of one database, by each of its hosts; `fallback` serves every other host. */
interface SiteDirectory {
  byHost: Map<string, Site>;
  fallback: Site;
}

const caches = new WeakMap<AppDeps["db"], { directory: Promise<SiteDirectory>; expiresAtMs: number }>();

/**
 * Normalise a Host header value: lower case, no port, no trailing dot.
 * @returns null for something that is not a host name or address.
 */
export function normalizeHost(raw: string | undefined | null): string | null {
  if (!raw) return null;
  let h = raw.trim().toLowerCase();
  if (h.startsWith("[")) {
    const end = h.indexOf("]");
    if (end < 0) return null;
    h = h.slice(0, end + 1);
  } else {
    h = h.replace(/:\d+$/, "");
  }
  h = h.replace(/\.$/, "");
  if (h.length === 0 || h.length > 253) return null;
  return /^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*)$/.test(h) ? h : null;
}

/**
 * The site served on `host` (§7: settings are chosen by the request host; one database can
 * serve several branded sites): the site whose domain or extra host it is (the lowest id if
 * several claim it), else the default site, else the built-in defaults (a database migrated but
 * emptied).
 *
 * The sites are read in one query and kept for SITE_CACHE_TTL_MS per instance: a change of
 * settings reaches every instance within it. Hosts resolve in memory, so any Host header or
 * `host` parameter a client makes up costs no query and no cache entry.
 *
 * @param host a raw Host header or §7 `host` parameter; normalised here (normalizeHost).
 * @returns the site; rejects only when the database cannot be read.
 */
export async function getSiteForHost(deps: Pick<AppDeps, "db">, host: string | null | undefined): Promise<Site> {
  const { byHost, fallback } = await siteDirectory(deps.db);
  const key = normalizeHost(host);
  return (key !== null && byHost.get(key)) || fallback;
}

function siteDirectory(db: AppDeps["db"]): Promise<SiteDirectory> {
  const now = Date.now();
  const cached = caches.get(db);
  if (cached && cached.expiresAtMs > now) return cached.directory;
  const directory = listSites(db).then((rows) => {
    const pushPublicKey = pushPublicKeys.get(db) ?? null;
    const byHost = new Map<string, Site>();
    let fallback: Site | null = null;
    for (const row of rows) {
      const site = toSite(row, pushPublicKey);
      for (const h of [row.domain, ...row.extra_hosts]) if (!byHost.has(h)) byHost.set(h, site);
      if (row.is_default) fallback ??= site;
    }
    return { byHost, fallback: fallback ?? { ...fallbackSite(), push_public_key: pushPublicKey } };
  });
  const entry = { directory, expiresAtMs: now + SITE_CACHE_TTL_MS };
  caches.set(db, entry);
  directory.catch(() => {
    if (caches.get(db) === entry) caches.delete(db);
  });
  return directory;
}

/** Forget cached sites (after an administrative change, and in tests). */
export function clearSiteCache(deps: Pick<AppDeps, "db">): void {
  caches.delete(deps.db);
}

function fallbackSite(): Site {
  return {
    ...DEFAULT_SITE_SETTINGS,
    id: 0,
    domain: "localhost",
    domain_language: "en",
    cdn_prefix: "",
    index_title: DEFAULT_SITE_SETTINGS.name,
    description: "",
    countries: [],
    signups: "all",
    logged_out_search: "none",
    logged_out_search_trafficsource: "none",
    enable_site_entry_popup: "yes",
    push_public_key: null,
    minimum_message_costs: {},
    support_phone: "",
    support_email: "",
    fictional_icon: false,
    fictional_warning: "",
    fictional_singular: "",
    fictional_plural: "",
    visible_profile_fields: [],
    visible_profile_notes: true,
    search_fields: [],
    refund_days: 14,
    member_resell: false,
    company: {
      name: "",
      address: "",
      registration_number: "",
      city: "",
      country: "",
      tradenames: [],
      vat_numbers: [],
      support_phone: "",
      delete_discount: 0,
      added: "2023-12-01T12:00:00.000Z",
    },
  };
}

/**
 * The origin of links the site sends out (activation and reset mails, payment return pages):
 * from configuration, never from a request header (a request with `Host: evil.example` must not
 * get a link to evil.example mailed to a member).
 *
 * - With PUBLIC_ORIGIN: the configured origin whose host is the site's domain, else the first one.
 * - Without it: the default site (domain "localhost") is `http://localhost:<PORT>`, the embedded
 *   default; a branded site with its own domain is `https://<domain>`.
 *
 * @returns an origin such as "https://liefde-chat.test" (no trailing slash).
 */
export function siteOrigin(site: Pick<Site, "domain">, config: { allowedOrigins: string[]; PORT: number }): string {
  // Once per configuration and domain: every request's context holds it, a WebSocket's for its
  // whole life, and a string built by concatenation stays a tree of pieces (issue 12, memory).
  let byDomain = originsByConfig.get(config);
  if (!byDomain) originsByConfig.set(config, (byDomain = new Map()));
  let origin = byDomain.get(site.domain);
  if (origin === undefined) {
    origin =
      config.allowedOrigins.length > 0
        ? (config.allowedOrigins.find((o) => normalizeHost(new URL(o).host) === site.domain) ??
          config.allowedOrigins[0]!)
        : site.domain === "localhost"
          ? `http://localhost:${config.PORT}`
          : `https://${site.domain}`;
    if (byDomain.size >= 1000) byDomain.clear(); // domains come from the sites table; bounded all the same
    byDomain.set(site.domain, origin);
  }
  return origin;
}
const originsByConfig = new WeakMap<object, Map<string, string>>();

/** The §3 settings and §9 limits the browser shows or checks before sending (site.settings). */
export interface PublicSiteSettings {
  name: string;
  /** Credits per message, message length in characters, free messages, photo and gift prices in credits (§3). */
  message_credits: number;
  message_length: number;
  free_messages: number;
  photo_credits: number;
  gift_credits: number;
  /** §9: shown on the return policy. */
  refund_days: number;
  /** §1, §5, §9: photos a free and a premium member may add. */
  photo_limits: { free: number; premium: number };
  /** §3: show an icon beside fictional profiles, and the warning shown with them (empty: the app's own text). */
  fictional_icon: boolean;
  fictional_warning: string;
  /** §3: what one / several fictional profiles are called (empty: the app's own word). */
  fictional_singular: string;
  fictional_plural: string;
  /** §3 push_public_key: the VAPID public key a browser subscribes with (§2 push prompt), or null. */
  push_public_key: string | null;
}

/** The public subset of the serving site's settings (site.settings). No errors. */
export function publicSettings(site: Site): PublicSiteSettings {
  return {
    name: site.name,
    message_credits: site.message_credits,
    message_length: site.message_length,
    free_messages: site.free_messages,
    photo_credits: site.photo_credits,
    gift_credits: site.gift_credits,
    refund_days: site.refund_days,
    photo_limits: { free: MAX_PHOTOS_FREE, premium: MAX_PHOTOS_PREMIUM },
    fictional_icon: site.fictional_icon,
    fictional_warning: site.fictional_warning,
    fictional_singular: site.fictional_singular,
    fictional_plural: site.fictional_plural,
    push_public_key: site.push_public_key,
  };
}
