import type { FastifyInstance, FastifyReply } from "fastify";
import fastifyEtag from "@fastify/etag";
import { z } from "zod";
import type { AppDeps } from "../deps.js";
import { DEFAULT_LOCALE, LOCALES } from "../constants.js";
import { getSiteForHost, normalizeHost } from "../features/site/site.service.js";
import { countryOfIp } from "../features/geo/geoip.js";
import { nearestPlace } from "../features/geo/geocode.js";
import { listCountryRegions } from "../features/geo/regions.js";
import { listInterestNames } from "../features/interests/interests.catalog.js";
import { LegacyHttpError } from "./errors.js";
import { parse } from "./request.js";
import { legacySettings } from "./shapes.js";

/** interests, regions and company info change with a deploy or an operator's edit: an hour in caches, revalidated by ETag after. */
export const CATALOG_CACHE_CONTROL = "public, max-age=3600, must-revalidate";

/**
 * An ISO 3166-1 alpha-2 code in either case ("nl" or "NL"), given as "NL". Checked before it is
 * upper-cased: toUpperCase maps "ß" to "SS" and the dotless "ı" to "I", so "ıa" would pass as "IA".
 */
const CountryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, { message: "Country must be an ISO 3166-1 alpha-2 code such as NL" })
  .transform((c) => c.toUpperCase());

const SettingsQuery = z
  .object({
    /** §7 "forced host": a server-side renderer asks for the settings of the host it serves. */
    host: z
      .string()
      .max(253)
      .refine((h) => normalizeHost(h) !== null, { message: "host must be a host name" })
      .optional(),
    /** The country the visitor chose (geoip_selected_country). */
    country: CountryCode.optional(),
  })
  // The route's other query parameters (tracking: network, ref, sub…) are accepted and ignored.
  .loose();

const LangQuery = z
  .object({ lang: z.enum(LOCALES, { message: `lang must be one of ${LOCALES.join(", ")}` }).optional() })
  .loose();
const RegionsQuery = z
  .object({
    country: CountryCode.optional(),
  })
  .loose();

/** Decimal degrees as typed by a client: no exponent, NaN or Infinity. */
const Degrees = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .regex(/^[-+]?\d{1,3}(\.\d{1,15})?$/, { message: `${label} must be a decimal number of degrees` })
    .transform(Number)
    .refine((v) => v >= -max && v <= max, { message: `${label} must be between -${max} and ${max}` });
const GeocodeQuery = z.object({ lat: Degrees("lat", 90), lon: Degrees("lon", 180) }).loose();

function cacheable(reply: FastifyReply): FastifyReply {
  return reply.header("cache-control", CATALOG_CACHE_CONTROL);
}

/** §7 site calls: settings, company info, interests, regions, geocode. Public: no member needed. */
export function siteRoutes(deps: AppDeps) {
  return async function (app: FastifyInstance) {
    app.get("/settings.php", async (req, reply) => {
      const q = parse(SettingsQuery, req.query);
      const [site, geoipCountry] = await Promise.all([
        getSiteForHost(deps, q.host ?? req.hostname),
        countryOfIp(req.ip),
      ]);
      // Depends on the client's address: private caches only.
      return reply
        .header("cache-control", "private, no-cache")
        .send(legacySettings(site, { geoip_country: geoipCountry, geoip_selected_country: q.country ?? geoipCountry }));
    });

    app.get("/geocode.php", async (req, reply) => {
      const { lat, lon } = parse(GeocodeQuery, req.query);
      const place = nearestPlace(lat, lon);
      if (!place) throw new LegacyHttpError(404, "not_found", "No place found near these coordinates");
      return reply.header("cache-control", "public, max-age=86400").send(place);
    });

    // Catalogues: the same bytes for everyone asking the same URL on the same host, so they
    // carry an ETag (@fastify/etag, only in this scope) and Cache-Control.
    await app.register(async (catalogs) => {
      await catalogs.register(fastifyEtag);

      catalogs.get("/interests.php", async (req, reply) => {
        const { lang } = parse(LangQuery, req.query);
        return cacheable(reply).send({ interests: listInterestNames(lang ?? DEFAULT_LOCALE) });
      });

      catalogs.get("/regions.php", async (req, reply) => {
        const { country } = parse(RegionsQuery, req.query);
        const site = await getSiteForHost(deps, req.hostname);
        const countries = country ? [country] : site.countries.length ? site.countries : undefined;
        const regions = listCountryRegions(countries);
        if (country && regions.length === 0)
          throw new LegacyHttpError(404, "not_found", `No regions known for ${country}`);
        return cacheable(reply).send({ countries: regions });
      });

      catalogs.get("/companyinfo.php", async (req, reply) => {
        const site = await getSiteForHost(deps, req.hostname);
        return cacheable(reply).send({ companyinfo: site.company });
      });
    });
  };
}
