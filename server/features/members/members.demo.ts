import {
  type Faker,
  fakerDE,
  fakerDE_AT,
  fakerDE_CH,
  fakerEN_AU,
  fakerEN_CA,
  fakerEN_GB,
  fakerEN_IE,
  fakerEN_US,
  fakerES,
  fakerFR,
  fakerFR_BE,
  fakerFR_CA,
  fakerFR_CH,
  fakerIT,
  fakerNL,
  fakerNL_BE,
  fakerPL,
} from "@faker-js/faker";
import {
  type BODY_TYPES,
  COUNTRIES,
  COUNTRY_LANGUAGES,
  type EYE_COLORS,
  type HAIR_COLORS,
  type RELATIONSHIP_STATUSES,
  type SEXUALITIES,
  type Locale,
} from "../../constants.js";
import { INTEREST_KEYS, type InterestKey } from "./members.interests.js";
import { PLACES } from "./members.places.js";

/**
 * Realistic demo members for the seed (server/features/demo/demo.seed.ts): names of the member's country, a region
 * and city of that country, every §3 profile field from the §3 enumerations, interests, an
 * about-me note, and a plan of 1–4 photos. Deterministic: the same count and `now` give the
 * same members. Uses faker (a development dependency): import this module lazily.
 */
export interface DemoMember {
  email: string;
  language: Locale;
  paidUser: boolean;
  signupDate: Date;
  profile: {
    name: string;
    gender: "male" | "female";
    sexuality: (typeof SEXUALITIES)[number];
    birth_date: string;
    country: string;
    region: string;
    city: string;
    hair_color: (typeof HAIR_COLORS)[number];
    eye_color: (typeof EYE_COLORS)[number];
    body_type: (typeof BODY_TYPES)[number];
    relationship_status: (typeof RELATIONSHIP_STATUSES)[number];
    tattoos: boolean;
    interests: InterestKey[];
    note: string;
    last_active: Date;
  };
  /** One entry per photo, main first (the main photo is never private). */
  photos: { isPrivate: boolean }[];
}

/** A small deterministic PRNG (mulberry32), so the seed does not depend on Math.random. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Rand = () => number;
const HOUR_MS = 3_600_000;
const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
function weighted<T extends string>(rand: Rand, weights: Partial<Record<T, number>>): T {
  const entries = Object.entries(weights) as [T, number][];
  let r = rand() * entries.reduce((s, [, w]) => s + w, 0);
  for (const [k, w] of entries) if ((r -= w) < 0) return k;
  return entries[entries.length - 1]![0];
}
const intBetween = (rand: Rand, lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
/** `n` distinct items of `list` (partial Fisher–Yates). */
function sample<T>(rand: Rand, list: readonly T[], n: number): T[] {
  const a = [...list];
  for (let i = 0; i < n && i < a.length; i++) {
    const j = i + Math.floor(rand() * (a.length - i));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a.slice(0, n);
}

/** Share of members per country: the spec's home markets (NL, DE) weigh most. */
const COUNTRY_WEIGHTS: Record<string, number> = {
  NL: 18,
  DE: 14,
  US: 10,
  GB: 8,
  BE: 6,
  FR: 7,
  IT: 6,
  ES: 6,
  PL: 5,
  AT: 4,
  CH: 4,
  CA: 4,
  AU: 4,
  IE: 3,
  NZ: 2,
};

/** The faker (names) and interface language of a member living in `region` of `country`. */
function localeOf(country: string, region: string, rand: Rand): { faker: Faker; language: Locale } {
  switch (country) {
    case "BE":
      if (["Liège", "Hainaut", "Namur"].includes(region) || (region === "Brussel" && rand() < 0.6))
        return { faker: fakerFR_BE, language: "fr" };
      return { faker: fakerNL_BE, language: "nl" };
    case "CH":
      if (region === "Ticino") return { faker: fakerIT, language: "it" };
      if (["Genève", "Vaud"].includes(region)) return { faker: fakerFR_CH, language: "fr" };
      return { faker: fakerDE_CH, language: "de" };
    case "CA":
      return region === "Quebec" ? { faker: fakerFR_CA, language: "fr" } : { faker: fakerEN_CA, language: "en" };
    case "US":
      return { faker: fakerEN_US, language: rand() < 0.12 ? "es" : "en" };
    default: {
      const faker =
        (
          {
            NL: fakerNL,
            FR: fakerFR,
            IT: fakerIT,
            ES: fakerES,
            DE: fakerDE,
            AT: fakerDE_AT,
            IE: fakerEN_IE,
            GB: fakerEN_GB,
            PL: fakerPL,
            AU: fakerEN_AU,
            NZ: fakerEN_AU,
          } as Record<string, Faker>
        )[country] ?? fakerEN_US;
      return { faker, language: COUNTRY_LANGUAGES[country]?.[0] ?? "en" };
    }
  }
}

/** How an interest reads in a sentence of an about-me note. */
const INTEREST_PHRASES: Record<InterestKey, string> = {
  relationship: "building something real",
  friendship: "good friends",
  flirting: "a bit of flirting",
  kissing: "long kisses",
  cuddling: "cuddling on the sofa",
  romance: "romantic evenings",
  casual_dating: "easy-going dates",
  intimacy: "closeness",
  dancing: "dancing",
  travelling: "travelling",
  music: "music",
  concerts: "live concerts",
  cooking: "cooking",
  dining_out: "trying new restaurants",
  wine: "a good glass of wine",
  coffee: "strong coffee",
  baking: "baking",
  movies: "movies",
  series: "binge-watching series",
  theatre: "the theatre",
  reading: "reading",
  writing: "writing",
  photography: "photography",
  art: "art",
  museums: "museums",
  fashion: "fashion",
  shopping: "shopping",
  gaming: "gaming",
  technology: "technology",
  sports: "sports",
  fitness: "the gym",
  running: "running",
  cycling: "cycling",
  swimming: "swimming",
  hiking: "hiking",
  yoga: "yoga",
  football: "football",
  tennis: "tennis",
  skiing: "skiing",
  surfing: "surfing",
  camping: "camping",
  nature: "being outdoors",
  gardening: "gardening",
  animals: "animals",
  dogs: "dogs",
  cats: "cats",
  beach: "the beach",
  festivals: "festivals",
  volunteering: "volunteering",
  meditation: "meditation",
  languages: "learning languages",
  cars: "cars",
  motorbikes: "motorbikes",
  board_games: "board games",
};

function aboutMe(
  rand: Rand,
  p: { name: string; city: string; age: number; interests: InterestKey[]; relationship: string },
): string {
  const [a, b, c] = p.interests.map((k) => INTEREST_PHRASES[k]);
  const openers = [
    `Hi, I'm ${p.name}!`,
    `Hey there :)`,
    `${p.city} is home for me.`,
    `Down-to-earth, curious and always up for a laugh.`,
    `Not great at writing about myself, so here goes.`,
    `Living in ${p.city} and loving it.`,
    `Honest, a little chaotic and quite good company.`,
  ];
  const middles = [
    `I love ${a} and ${b}.`,
    `Weekends usually mean ${a}, ${b}${c ? ` or a bit of ${c}` : ""}.`,
    `You'll win me over with ${a}.`,
    `Big fan of ${a}; ${b} keeps me sane.`,
    `My perfect Sunday: ${a}, then ${b}.`,
  ];
  const closers =
    p.relationship === "married" || p.relationship === "living together"
      ? [`Here for nice conversations, nothing more.`, `Let's just chat and see.`]
      : [
          `Looking for someone to share a laugh with.`,
          `Let's grab a coffee and see where it goes.`,
          `Say hi if you like ${a} too!`,
          `Not into endless chatting, let's meet!`,
          `Ready for something real.`,
          `Curious who I'll meet here.`,
        ];
  return `${pick(rand, openers)} ${pick(rand, middles)} ${pick(rand, closers)}`;
}

/** 'YYYY-MM-DD' of a birth date that makes the member exactly `age` on `now` (UTC). */
function birthDateForAge(rand: Rand, age: number, now: Date): string {
  const latest = Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate());
  const d = new Date(latest - intBetween(rand, 1, 364) * 86_400_000);
  return d.toISOString().slice(0, 10);
}

function ageOfSeed(rand: Rand): number {
  const r = rand();
  if (r < 0.7) return intBetween(rand, 20, 45);
  if (r < 0.9) return intBetween(rand, 46, 65);
  return intBetween(rand, 18, 80);
}

const ASCII = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]/g, "")
    .toLowerCase() || "member";

/**
 * `count` demo members. The first ones cover every country of the spec, then countries follow
 * COUNTRY_WEIGHTS; genders alternate at random, ages spread over 18–80 (most 20–45).
 * @param now the seeding time: last activity is spread over the 30 days before it.
 */
export function generateDemoMembers(count: number, now = new Date(), seed = 20261122): DemoMember[] {
  const rand = prng(seed);
  for (const f of new Set([
    fakerDE,
    fakerDE_AT,
    fakerDE_CH,
    fakerEN_AU,
    fakerEN_CA,
    fakerEN_GB,
    fakerEN_IE,
    fakerEN_US,
    fakerES,
    fakerFR,
    fakerFR_BE,
    fakerFR_CA,
    fakerFR_CH,
    fakerIT,
    fakerNL,
    fakerNL_BE,
    fakerPL,
  ])) {
    f.seed(seed);
  }
  const members: DemoMember[] = [];
  for (let i = 0; i < count; i++) {
    const country = i < COUNTRIES.length ? COUNTRIES[i]! : weighted(rand, COUNTRY_WEIGHTS);
    const places = PLACES[country]!;
    const region = pick(rand, Object.keys(places.regions));
    const cities = places.regions[region]!;
    // The first city of a region is its largest: it gets half of the region's members.
    const city = rand() < 0.5 ? cities[0]! : pick(rand, cities);
    const { faker, language } = localeOf(country, region, rand);
    const gender = rand() < 0.5 ? "female" : "male";
    const name = faker.person.firstName(gender);
    const age = ageOfSeed(rand);
    const sexuality =
      gender === "female"
        ? weighted<(typeof SEXUALITIES)[number]>(rand, { hetero: 80, lesbian: 7, bi: 13 })
        : weighted<(typeof SEXUALITIES)[number]>(rand, { hetero: 82, gay: 8, bi: 10 });
    const hairColor = weighted<(typeof HAIR_COLORS)[number]>(rand, {
      brunette: 14,
      blond: 14,
      brown: 16,
      black: 12,
      "dark blond": 10,
      "dark brown": 12,
      red: 4,
      other: 2,
      gray: age > 55 ? 25 : age > 45 ? 6 : 0.5,
      white: age > 65 ? 12 : 0,
      bald: gender === "male" ? (age > 40 ? 12 : 3) : 0,
    });
    const northern = ["NL", "DE", "AT", "PL", "IE", "GB", "CH", "BE"].includes(country);
    const eyeColor = weighted<(typeof EYE_COLORS)[number]>(
      rand,
      northern ? { blue: 40, green: 15, hazel: 15, brown: 30 } : { blue: 20, green: 12, hazel: 18, brown: 50 },
    );
    const relationship = weighted<(typeof RELATIONSHIP_STATUSES)[number]>(rand, {
      single: 60,
      divorced: age > 30 ? 16 : 2,
      unmarried: 10,
      "living together": 4,
      married: 3,
      widowed: age > 55 ? 8 : 0,
    });
    const interests = sample(rand, INTEREST_KEYS, intBetween(rand, 3, 6));
    const photoCount = Number(weighted(rand, { "1": 30, "2": 32, "3": 22, "4": 16 }));
    // Recent activity is likelier than old: squaring skews towards now. Never within the last
    // hour: nobody is behind a generated member, so presence ("Online now") must not be invented;
    // it stays what this recorded last activity says.
    const lastActive = new Date(now.getTime() - HOUR_MS - Math.floor(rand() ** 2 * 30 * 86_400_000));
    const signupDate = new Date(lastActive.getTime() - Math.floor(rand() * 700 * 86_400_000));
    members.push({
      email: `${ASCII(name)}.${i + 1}@members.amora.test`,
      language,
      paidUser: rand() < 0.15,
      signupDate,
      profile: {
        name,
        gender,
        sexuality,
        birth_date: birthDateForAge(rand, age, now),
        country,
        region,
        city,
        hair_color: hairColor,
        eye_color: eyeColor,
        body_type: weighted<(typeof BODY_TYPES)[number]>(rand, { slim: 35, normal: 55, fat: 10 }),
        relationship_status: relationship,
        tattoos: rand() < 0.3,
        interests,
        note: aboutMe(rand, { name, city, age, interests, relationship }),
        last_active: lastActive,
      },
      photos: Array.from({ length: photoCount }, (_, k) => ({ isPrivate: k > 0 && rand() < 0.3 })),
    });
  }
  return members;
}
