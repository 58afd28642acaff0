import type { AppDeps } from "../../deps.js";
import { NotFoundError } from "../../domain-error.js";
import { DEFAULT_LOCALE, TERMS_VERSION_MIN_DATE, type Locale } from "../../constants.js";
import { getSiteForHost, type Site } from "./site.service.js";
import { findSitePage, listSitePageTokens, sitePageTokenExists } from "./site-pages.repository.js";
import { PageBlock, SitePageToken } from "./site-pages.schema.js";

/**
 * §9: the support phone is cleaned of dashes and spaces before use (a `tel:` link, a call).
 * @example cleanSupportPhone("+31 20-000 0000") === "+31200000000"
 */
export function cleanSupportPhone(phone: string): string {
  return phone.replace(/[\s\u00a0-]/g, "");
}

/**
 * §9: the terms version date: 2023-12-01 12:00 UTC, or the company's `added` date if later.
 * @param companyAdded ISO 8601 (§3 company info `added`); an unreadable value counts as absent.
 * @returns ISO 8601 UTC.
 */
export function termsVersionDate(companyAdded: string): string {
  const added = Date.parse(companyAdded);
  const floor = Date.parse(TERMS_VERSION_MIN_DATE);
  return new Date(Number.isFinite(added) && added > floor ? added : floor).toISOString();
}

/** §3 company info and the support contacts, as the static pages show them (site.company). */
export interface CompanyDetails {
  /** The site's own name (§3 site settings `name`). */
  siteName: string;
  name: string;
  address: string;
  city: string;
  country: string;
  registrationNumber: string;
  tradenames: string[];
  vatNumbers: string[];
  /** As the site's settings write it, for reading ("+31 20-000 0000"); "" when there is none. */
  supportPhone: string;
  /** §9: cleaned of dashes and spaces, for the `tel:` link ("+31200000000"); "" when there is none. */
  supportPhoneTel: string;
  supportEmail: string;
  /** §9 terms version date, ISO 8601 UTC. */
  termsVersionDate: string;
}

/** site.company: the serving site's company details and support contacts (§3, §9). No errors. */
export function companyDetails(site: Site): CompanyDetails {
  return {
    siteName: site.name,
    name: site.company.name,
    address: site.company.address,
    city: site.company.city,
    country: site.company.country,
    registrationNumber: site.company.registration_number,
    tradenames: site.company.tradenames,
    vatNumbers: site.company.vat_numbers,
    supportPhone: site.support_phone.trim(),
    supportPhoneTel: cleanSupportPhone(site.support_phone),
    supportEmail: site.support_email,
    termsVersionDate: termsVersionDate(site.company.added),
  };
}

/** A §2 `{token}` page as the browser renders it. */
export interface SitePage {
  token: string;
  /** The language the page is written in: the member's, else English (the §1 fallback). */
  language: Locale;
  title: string;
  /** Headings, paragraphs and lists as plain text; `company` / `contact` blocks the client fills from site.company. */
  blocks: PageBlock[];
  /** ISO 8601 UTC of the last edit. */
  updatedAt: string;
}

/**
 * site.page: the serving site's page `token` (§2 /pages/{token}) in `locale`, else in English.
 * Blocks that do not read as a PageBlock are left out (and logged), so one bad edit cannot break
 * the page.
 * @throws NotFoundError ('This page could not be found', §2) when the site has no such page.
 */
export async function getSitePage(
  deps: Pick<AppDeps, "db" | "log">,
  site: Pick<Site, "id">,
  token: string,
  locale: Locale,
): Promise<SitePage> {
  const languages = locale === DEFAULT_LOCALE ? [locale] : [locale, DEFAULT_LOCALE];
  const row = await findSitePage(deps.db, site.id, token, languages);
  if (!row) throw new NotFoundError();
  const stored = Array.isArray(row.blocks) ? (row.blocks as unknown[]) : [];
  const blocks: PageBlock[] = [];
  for (const raw of stored) {
    const parsed = PageBlock.safeParse(raw);
    if (parsed.success) blocks.push(parsed.data);
    else deps.log.warn({ siteId: site.id, token, language: row.language }, "site page block left out: not a PageBlock");
  }
  return {
    token: row.token,
    language: row.language as Locale,
    title: row.title,
    blocks,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/**
 * The tokens of the pages the site serving `host` wrote itself (§2 /pages/{token}), for
 * /sitemap.xml (issue 11): sorted, at most 1,000 (a sitemap file holds 50,000 URLs; a site has a
 * handful of pages).
 * @param host the request's Host header (null: the default site). No errors.
 * @returns e.g. ["about", "safety-tips"].
 */
export async function sitePageTokens(deps: Pick<AppDeps, "db">, host: string | null): Promise<string[]> {
  const site = await getSiteForHost(deps, host);
  return listSitePageTokens(deps.db, site.id, 1_000);
}

/**
 * Whether the site serving `host` has its own page `token` (§2 /pages/{token}), in any language:
 * the server answers such a URL 200, any other token 404 (issue 11). A token that cannot be one
 * (SitePageToken) is false without a query.
 * @param host the request's Host header (null: the default site). No errors.
 */
export async function sitePageExists(deps: Pick<AppDeps, "db">, host: string | null, token: string): Promise<boolean> {
  if (!SitePageToken.safeParse(token).success) return false;
  const site = await getSiteForHost(deps, host);
  return sitePageTokenExists(deps.db, site.id, token);
}
