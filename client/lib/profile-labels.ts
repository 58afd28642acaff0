import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { countryName } from "./intl";

/**
 * §3 enumeration values as the member reads them (search, profiles, /profile editing), in the member's language. The server sends
 * stable keys (server/constants.ts, server/features/members/members.interests.ts); anything
 * unknown is shown as sent.
 */
export const GENDER_LABELS: Record<string, MessageDescriptor> = {
  male: msg`Man`,
  female: msg`Woman`,
};

export const SEXUALITY_LABELS: Record<string, MessageDescriptor> = {
  hetero: msg`Hetero`,
  gay: msg`Gay`,
  lesbian: msg`Lesbian`,
  bi: msg`Bisexual`,
};

export const HAIR_COLOR_LABELS: Record<string, MessageDescriptor> = {
  brunette: msg`Brunette`,
  blond: msg`Blond`,
  brown: msg`Brown`,
  white: msg`White`,
  bald: msg`Bald`,
  black: msg`Black`,
  "dark blond": msg`Dark blond`,
  "dark brown": msg`Dark brown`,
  gray: msg`Gray`,
  red: msg`Red`,
  other: msg`Other`,
};

export const EYE_COLOR_LABELS: Record<string, MessageDescriptor> = {
  blue: msg`Blue`,
  green: msg`Green`,
  hazel: msg`Hazel`,
  brown: msg`Brown`,
};

export const BODY_TYPE_LABELS: Record<string, MessageDescriptor> = {
  slim: msg`Slim`,
  normal: msg`Normal`,
  fat: msg`Full-figured`,
};

export const RELATIONSHIP_STATUS_LABELS: Record<string, MessageDescriptor> = {
  divorced: msg`Divorced`,
  "living together": msg`Living together`,
  married: msg`Married`,
  single: msg`Single`,
  widowed: msg`Widowed`,
  unmarried: msg`Unmarried`,
};

/** §3 region naming per country. */
export const REGION_KIND_LABELS: Record<string, MessageDescriptor> = {
  province: msg`Province`,
  state: msg`State`,
  canton: msg`Canton`,
  voivodeship: msg`Voivodeship`,
  region: msg`Region`,
};

export const INTEREST_LABELS: Record<string, MessageDescriptor> = {
  relationship: msg`Relationship`,
  friendship: msg`Friendship`,
  flirting: msg`Flirting`,
  kissing: msg`Kissing`,
  cuddling: msg`Cuddling`,
  romance: msg`Romance`,
  casual_dating: msg`Casual dating`,
  intimacy: msg`Intimacy`,
  dancing: msg`Dancing`,
  travelling: msg`Travelling`,
  music: msg`Music`,
  concerts: msg`Concerts`,
  cooking: msg`Cooking`,
  dining_out: msg`Dining out`,
  wine: msg`Wine`,
  coffee: msg`Coffee`,
  baking: msg`Baking`,
  movies: msg`Movies`,
  series: msg`TV series`,
  theatre: msg`Theatre`,
  reading: msg`Reading`,
  writing: msg`Writing`,
  photography: msg`Photography`,
  art: msg`Art`,
  museums: msg`Museums`,
  fashion: msg`Fashion`,
  shopping: msg`Shopping`,
  gaming: msg`Gaming`,
  technology: msg`Technology`,
  sports: msg`Sports`,
  fitness: msg`Fitness`,
  running: msg`Running`,
  cycling: msg`Cycling`,
  swimming: msg`Swimming`,
  hiking: msg`Hiking`,
  yoga: msg`Yoga`,
  football: msg`Football`,
  tennis: msg`Tennis`,
  skiing: msg`Skiing`,
  surfing: msg`Surfing`,
  camping: msg`Camping`,
  nature: msg`Nature`,
  gardening: msg`Gardening`,
  animals: msg`Animals`,
  dogs: msg`Dogs`,
  cats: msg`Cats`,
  beach: msg`Beach`,
  festivals: msg`Festivals`,
  volunteering: msg`Volunteering`,
  meditation: msg`Meditation`,
  languages: msg`Languages`,
  cars: msg`Cars`,
  motorbikes: msg`Motorbikes`,
  board_games: msg`Board games`,
};

/** The spec's countries (§2 'Language choices by country'; server/constants.ts COUNTRIES). */
export const COUNTRY_CODES = [
  "NL",
  "BE",
  "DE",
  "AT",
  "CH",
  "FR",
  "IT",
  "ES",
  "PL",
  "GB",
  "IE",
  "US",
  "CA",
  "AU",
  "NZ",
] as const;

/**
 * `label(map, key)`: the label of an enumeration value in the member's language (the key as
 * sent when unknown, "" for null); `country(code)`: the country's name in that language.
 */
export function useEnumLabels() {
  const { _, i18n } = useLingui();
  return {
    label: (map: Record<string, MessageDescriptor>, key: string | null | undefined): string => {
      if (!key) return "";
      const d = map[key];
      return d ? _(d) : key;
    },
    country: (code: string | null | undefined): string => (code ? countryName(code, i18n.locale) : ""),
  };
}
