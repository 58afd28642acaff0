import { createAvatar } from "@dicebear/core";
import { avataaars } from "@dicebear/collection";
import { PHOTO_SIZE_PX } from "./members.photo-store.js";

/**
 * Demo profile photos: illustrated portraits (DiceBear "avataaars") drawn to match the
 * profile — hair style by gender, hair colour from the §3 hair colour, beard only for men —
 * and stable for a profile: the same id always draws the same person. Each further photo of
 * the profile shows that person with another outfit, expression and background.
 *
 * Only the demo seed uses this (DiceBear is a development dependency): import it lazily.
 */
export interface AvatarTraits {
  /** Seeds the person: the profile id. */
  profileId: number;
  gender: "male" | "female";
  /** §3 hair colour (server/constants HAIR_COLORS). */
  hairColor: string;
}

const FEMALE_TOPS = [
  "bob",
  "bun",
  "curly",
  "curvy",
  "frida",
  "longButNotTooLong",
  "miaWallace",
  "straight01",
  "straight02",
  "straightAndStrand",
  "bigHair",
  "froBand",
] as const;
const MALE_TOPS = [
  "shortFlat",
  "shortRound",
  "shortWaved",
  "shortCurly",
  "sides",
  "theCaesar",
  "theCaesarAndSidePart",
  "frizzle",
  "shaggy",
  "dreads01",
  "shaggyMullet",
] as const;
/** §3 hair colours → avataaars' palette. */
const HAIR_HEX: Record<string, string> = {
  brunette: "4a312c",
  blond: "d6b370",
  brown: "724133",
  white: "ecdcbf",
  bald: "724133",
  black: "2c1b18",
  "dark blond": "b58143",
  "dark brown": "4a312c",
  gray: "e8e1e1",
  red: "c93305",
  other: "f59797",
};
const SKINS = ["614335", "d08b5b", "ae5d29", "edb98a", "ffdbb4"] as const;
const BACKGROUNDS = ["b6e3f4", "c0aede", "d1d4f9", "ffd5dc", "ffdfbf", "c7f0db", "f6e7b4", "e3e8ef"] as const;
const EYES = ["default", "happy", "wink", "side", "squint"] as const;
const MOUTHS = ["smile", "default", "twinkle", "serious"] as const;
const EYEBROWS = ["defaultNatural", "raisedExcitedNatural", "default", "flatNatural", "upDownNatural"] as const;
const CLOTHING = [
  "blazerAndShirt",
  "blazerAndSweater",
  "collarAndSweater",
  "graphicShirt",
  "hoodie",
  "shirtCrewNeck",
  "shirtScoopNeck",
  "shirtVNeck",
] as const;

/** A small deterministic PRNG (mulberry32). */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)]!;
}

/**
 * The SVG of photo number `photoIndex` (0 = main) of the profile, PHOTO_SIZE_PX square.
 * Pure: the same arguments give the same picture.
 */
export function renderAvatarSvg(traits: AvatarTraits, photoIndex: number): string {
  // The person: fixed for the profile.
  const person = prng(traits.profileId * 7919 + 17);
  const female = traits.gender === "female";
  const bald = traits.hairColor === "bald";
  const top = pick(person, female ? FEMALE_TOPS : MALE_TOPS);
  const skin = pick(person, SKINS);
  const hair = HAIR_HEX[traits.hairColor] ?? HAIR_HEX.brown!;
  const beard =
    !female && person() < 0.35
      ? pick(person, ["beardLight", "beardMedium", "beardMajestic", "moustacheFancy"] as const)
      : null;
  const glasses =
    person() < 0.15 ? pick(person, ["prescription01", "prescription02", "round", "wayfarers"] as const) : null;
  // The shot: varies with the photo.
  const shot = prng(traits.profileId * 104_729 + photoIndex * 7_907 + 3);
  return createAvatar(avataaars, {
    seed: `${traits.profileId}-${photoIndex}`,
    size: PHOTO_SIZE_PX,
    backgroundColor: [pick(shot, BACKGROUNDS)],
    skinColor: [skin],
    top: [top],
    topProbability: bald && !female ? 0 : 100,
    hairColor: [hair],
    facialHair: beard ? [beard] : [],
    facialHairColor: [hair],
    facialHairProbability: beard ? 100 : 0,
    accessories: glasses ? [glasses] : [],
    accessoriesProbability: glasses ? 100 : 0,
    clothing: [pick(shot, CLOTHING)],
    eyes: [photoIndex === 0 ? pick(shot, ["default", "happy"] as const) : pick(shot, EYES)],
    mouth: [photoIndex === 0 ? "smile" : pick(shot, MOUTHS)],
    eyebrows: [pick(shot, EYEBROWS)],
  }).toString();
}
