import type { Locale } from "../../constants.js";
import { PLACES, regionsOf, type RegionKind } from "../members/members.places.js";

/**
 * §3: "regions are named per country: province, state, canton, voivodeship, region".
 * The region word in each interface language, for the region field's label.
 */
export const REGION_WORDS: Readonly<Record<RegionKind, Readonly<Record<Locale, string>>>> = {
  province: {
    en: "Province",
    de: "Provinz",
    es: "Provincia",
    fr: "Province",
    it: "Provincia",
    nl: "Provincie",
    pl: "Prowincja",
  },
  state: { en: "State", de: "Bundesland", es: "Estado", fr: "État", it: "Stato", nl: "Staat", pl: "Stan" },
  canton: { en: "Canton", de: "Kanton", es: "Cantón", fr: "Canton", it: "Cantone", nl: "Kanton", pl: "Kanton" },
  voivodeship: {
    en: "Voivodeship",
    de: "Woiwodschaft",
    es: "Voivodato",
    fr: "Voïvodie",
    it: "Voivodato",
    nl: "Woiwodschap",
    pl: "Województwo",
  },
  region: { en: "Region", de: "Region", es: "Región", fr: "Région", it: "Regione", nl: "Regio", pl: "Region" },
};

export interface CountryRegions {
  /** ISO 3166-1 alpha-2. */
  country: string;
  region_word: RegionKind;
  /** The region word in the seven interface languages. */
  region_word_names: Readonly<Record<Locale, string>>;
  /** Region names, sorted. */
  regions: string[];
}

/**
 * The regions of every country the site knows (§7 /api/regions.php), from the same list as the
 * search form's (members.places), with the per-country region word.
 * @param countries restrict to these (unknown codes are skipped); all when absent.
 */
export function listCountryRegions(countries?: readonly string[]): CountryRegions[] {
  const codes = (countries ?? Object.keys(PLACES)).filter((c) => c in PLACES);
  return codes.map((country) => {
    const { regionKind, regions } = regionsOf(country);
    return { country, region_word: regionKind, region_word_names: REGION_WORDS[regionKind], regions };
  });
}
