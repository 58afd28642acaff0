import { z } from "zod";
import {
  BODY_TYPES,
  COUNTRIES,
  EYE_COLORS,
  GENDERS,
  HAIR_COLORS,
  MAX_AGE_YEARS,
  MIN_AGE_YEARS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
} from "../../constants.js";
import { ageOn, safeText } from "../../validation.js";
import { INTEREST_KEYS } from "./members.interests.js";
import { regionsOf } from "./members.places.js";

/**
 * The §3/§5 profile fields, one schema for signup (accounts.schema.ts SignupInput) and for
 * editing the profile (UpdateProfileInput): the same rules and messages in both places.
 */

export const AGE_MESSAGE = `Enter your date of birth (${MIN_AGE_YEARS}+)`; // §5

/**
 * Characters that hide or reorder what others read: bidirectional controls (U+202E shows
 * "niamod" as "domain"), zero-width and other invisible characters, fillers that draw nothing.
 * Refused in names; the joiners U+200C/U+200D stay (emoji sequences), and the §5 rules look past
 * them (nameProblem). Code points, not a character class: some of them combine with a neighbour.
 */
const HIDDEN_IN_NAMES = new Set([
  0x00ad, 0x034f, 0x061c, 0x115f, 0x1160, 0x17b4, 0x17b5, 0x180b, 0x180c, 0x180d, 0x180e, 0x180f, 0x200b, 0x200e,
  0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x3164, 0xfeff, 0xffa0,
]);
const isHidden = (codePoint: number) =>
  HIDDEN_IN_NAMES.has(codePoint) ||
  (codePoint >= 0x2060 && codePoint <= 0x206f) || // word joiner, invisible operators, isolates
  (codePoint >= 0xfe00 && codePoint <= 0xfe0e); // variation selectors but the emoji one (U+FE0F)

/**
 * A member's name (§3 username), stored as typed: 2–40 characters of safe text with nothing
 * hidden or reordering (isHidden): 'Name contains invalid characters'. The §5 rules that need the
 * e-mail address run on the name as shown (nameProblem).
 */
export const ProfileName = safeText({ min: 2, max: 40, label: "Name" }).refine(
  (v) => ![...v].some((c) => isHidden(c.codePointAt(0)!)),
  { message: "Name contains invalid characters" },
);

/** §5 'Enter your date of birth ({min_age}+)': a real date, 18 to 120 years ago. */
export const DateOfBirth = z.iso.date({ message: AGE_MESSAGE }).refine(
  (d) => {
    const age = ageOn(d);
    return age >= MIN_AGE_YEARS && age <= MAX_AGE_YEARS;
  },
  { message: AGE_MESSAGE },
);

export const Country = z.enum(COUNTRIES as [string, ...string[]]);

/** §3 signup_message, shown as "about me" (profiles.note). */
export const AboutMe = safeText({ max: 1000, multiline: true, label: "Message" });

/** The fields signup asks for (§3 signup form plus gender and country). */
export const ProfileBasics = z.object({
  name: ProfileName,
  date_of_birth: DateOfBirth,
  gender: z.enum(GENDERS),
  country: Country,
  signup_message: AboutMe.optional(),
});

/**
 * §5 name rules: the username may not equal the e-mail address and may not start with @. Checked
 * on what is shown: NFKC-normalised, without format characters (a zero-width joiner before an @).
 * @param name the name as typed or stored; @param email the member's address.
 * @returns the §5 message, or null when the name is fine.
 */
export function nameProblem(name: string, email: string): string | null {
  const shown = name
    .normalize("NFKC")
    .replace(/\p{Cf}/gu, "")
    .trim();
  if (shown.toLowerCase() === email.normalize("NFKC").toLowerCase()) return "Your name may not be your e-mail address";
  if (shown.startsWith("@")) return "Your name may not start with @";
  return null;
}

/** Most interests a profile lists. */
export const MAX_INTERESTS = 20;

/**
 * /profile: every §3 profile field with its §3 enumeration. A null clears an optional field.
 * The region must be one of the country's regions (§3: named province, state, canton,
 * voivodeship or region); the name rules that need the e-mail address are checked by the service.
 */
export const UpdateProfileInput = ProfileBasics.extend({
  signup_message: AboutMe,
  search_gender: z.enum(GENDERS).nullable(),
  sexuality: z.enum(SEXUALITIES).nullable(),
  tattoos: z.boolean().nullable(),
  hair_color: z.enum(HAIR_COLORS).nullable(),
  eye_color: z.enum(EYE_COLORS).nullable(),
  body_type: z.enum(BODY_TYPES).nullable(),
  relationship_status: z.enum(RELATIONSHIP_STATUSES).nullable(),
  region: safeText({ min: 1, max: 100, label: "Region" }).nullable(),
  city: safeText({ min: 1, max: 100, label: "City" }).nullable(),
  interests: z
    .array(z.enum(INTEREST_KEYS))
    .max(MAX_INTERESTS, { message: `Choose at most ${MAX_INTERESTS} interests` })
    .refine((a) => new Set(a).size === a.length, { message: "Each interest once" }),
}).refine((v) => v.region === null || regionsOf(v.country).regions.includes(v.region), {
  message: "Choose a region of your country",
  path: ["region"],
});
export type UpdateProfileInput = z.infer<typeof UpdateProfileInput>;
