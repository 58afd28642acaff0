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
import { nameHasAddress } from "../../../client/lib/member-name.js";

/**
 * The §3/§5 profile fields, one schema for signup (accounts.schema.ts SignupInput) and for
 * editing the profile (UpdateProfileInput): the same rules and messages in both places.
 */

export const AGE_MESSAGE = `Enter your date of birth (${MIN_AGE_YEARS}+)`; // §5

/**
 * Characters that hide or reorder what others read, refused in every free-text profile field
 * (memberText): bidirectional controls (U+202E shows "niamod" as "domain"), zero-width and other
 * format characters, C1 controls, fillers that draw nothing, variation selectors but the emoji one
 * (U+FE0F; the others can carry hidden data). The joiners U+200C/U+200D stay (emoji sequences,
 * Persian, Indic scripts) and the §5 rules look past them (nameProblem); tag characters only in a
 * subdivision flag (hiddenIn). Code points, not a character class: some of them combine with a
 * neighbour.
 */
const HIDDEN_CHARACTERS = new Set([
  0x00ad, 0x034f, 0x061c, 0x115f, 0x1160, 0x17b4, 0x17b5, 0x180b, 0x180c, 0x180d, 0x180e, 0x180f, 0x200b, 0x200e,
  0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x3164, 0xfeff, 0xffa0,
]);
const ZWNJ = 0x200c;
const ZWJ = 0x200d;
const isJoiner = (codePoint: number | undefined) => codePoint === ZWNJ || codePoint === ZWJ;
const FORMAT = /\p{Cf}/u;
const isHidden = (codePoint: number, multiline: boolean) =>
  HIDDEN_CHARACTERS.has(codePoint) ||
  (codePoint >= 0x0080 && codePoint <= 0x009f) || // C1 controls (safeText refuses C0 only)
  (codePoint >= 0x2060 && codePoint <= 0x206f) || // word joiner, invisible operators, isolates
  (codePoint >= 0xfe00 && codePoint <= 0xfe0e) || // variation selectors but the emoji one (U+FE0F)
  (codePoint >= 0xe0100 && codePoint <= 0xe01ef) || // variation selectors supplement
  (!multiline && (codePoint === 0x2028 || codePoint === 0x2029)) || // line and paragraph separators
  (!isJoiner(codePoint) && FORMAT.test(String.fromCodePoint(codePoint))); // any other format character

const BLACK_FLAG = 0x1f3f4;
const CANCEL_TAG = 0xe007f;
/** A tag letter or digit of a subdivision flag (🏴 + "gbsct" + cancel tag = Scotland). */
const isFlagTag = (codePoint: number | undefined) =>
  codePoint !== undefined &&
  ((codePoint >= 0xe0030 && codePoint <= 0xe0039) || (codePoint >= 0xe0061 && codePoint <= 0xe007a));
const MAX_FLAG_TAGS = 6;

/**
 * Whether `text` holds a character of HIDDEN_CHARACTERS (or two joiners in a row, or tag characters
 * outside a subdivision flag). Line breaks are a matter of safeText's `multiline`.
 */
function hiddenIn(text: string, multiline: boolean): boolean {
  const codePoints = Array.from(text, (c) => c.codePointAt(0)!);
  for (let i = 0; i < codePoints.length; i++) {
    const codePoint = codePoints[i]!;
    if (codePoint === BLACK_FLAG) {
      let end = i + 1;
      while (end <= i + MAX_FLAG_TAGS && isFlagTag(codePoints[end])) end++;
      if (end > i + 1) {
        if (codePoints[end] !== CANCEL_TAG) return true;
        i = end;
      }
      continue;
    }
    if (isHidden(codePoint, multiline)) return true;
    if (isJoiner(codePoint) && isJoiner(codePoints[i + 1])) return true;
  }
  return false;
}

/**
 * Most combining marks on one character (Zalgo text draws over the layout): counted on the NFD
 * form, where Vietnamese takes 2 ("ệ" = e + U+0323 + U+0302) and polytonic Greek or pointed
 * Hebrew 3. A joiner between marks does not start a new character.
 */
export const MAX_MARKS_PER_CHARACTER = 3;
const MARK = /\p{M}/u;

/** The longest run of combining marks in `text` (NFD), joiners looked past. */
function longestMarkRun(text: string): number {
  let longest = 0;
  let run = 0;
  for (const c of text.normalize("NFD")) {
    if (MARK.test(c)) longest = Math.max(longest, ++run);
    else if (!isJoiner(c.codePointAt(0))) run = 0;
  }
  return longest;
}

/**
 * Characters that look blank: white space of every width (U+00A0, U+2000–U+200A, U+3000…),
 * the Braille blank U+2800, the Hangul fillers (letters to Unicode, blank on screen) and format
 * characters. Removed before looking for a letter or number (hasLetterOrNumber).
 */
const BLANK_LOOKING = /[\s\p{Cf}\u2800\u115f\u1160\u3164\uffa0]/gu;
const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;
const hasLetterOrNumber = (text: string) => LETTER_OR_NUMBER.test(text.replace(BLANK_LOOKING, ""));

/**
 * Free text a member writes into the profile (§3 name, city, region, signup_message / about me),
 * the one rule set for signup and /profile (§5 and §8 give no wording for these fields, so the
 * messages follow safeText's). Built on safeText (no C0 controls, no lone surrogates, trimmed).
 * @param opts.min / opts.max length in UTF-16 units; opts.multiline keeps line breaks (about me);
 *   opts.label starts each message; opts.needsLetterOrNumber for what names a member or place.
 * @returns a zod string schema. Its errors: '{label} contains invalid characters' (a character
 *   of HIDDEN_CHARACTERS: bidi controls, invisible characters), '{label} must contain a letter or a
 *   number' (only blank-looking characters, e.g. U+2800), '{label} has too many accents on one
 *   letter' (more than MAX_MARKS_PER_CHARACTER combining marks in a row).
 */
export function memberText(opts: {
  min?: number;
  max: number;
  multiline?: boolean;
  label: string;
  needsLetterOrNumber?: boolean;
}) {
  const multiline = opts.multiline ?? false;
  return safeText({ min: opts.min, max: opts.max, multiline, label: opts.label })
    .refine((v) => !hiddenIn(v, multiline), { message: `${opts.label} contains invalid characters` })
    .refine((v) => !opts.needsLetterOrNumber || v === "" || hasLetterOrNumber(v), {
      message: `${opts.label} must contain a letter or a number`,
    })
    .refine((v) => longestMarkRun(v) <= MAX_MARKS_PER_CHARACTER, {
      message: `${opts.label} has too many accents on one letter`,
    });
}

/**
 * A member's name (§3 username), stored as typed: 2–40 characters of memberText with a letter
 * or number among them: 'Name contains invalid characters', 'Name must contain a letter or a
 * number', 'Name has too many accents on one letter'. The §5 rules that need the e-mail address
 * run on the name as shown (nameProblem).
 */
export const ProfileName = memberText({ min: 2, max: 40, label: "Name", needsLetterOrNumber: true });

/** §5 'Enter your date of birth ({min_age}+)': a real date, 18 to 120 years ago. */
export const DateOfBirth = z.iso.date({ message: AGE_MESSAGE }).refine(
  (d) => {
    const age = ageOn(d);
    return age >= MIN_AGE_YEARS && age <= MAX_AGE_YEARS;
  },
  { message: AGE_MESSAGE },
);

export const Country = z.enum(COUNTRIES as [string, ...string[]]);

/** §3 signup_message, shown as "about me" (profiles.note): memberText, line breaks kept. */
export const AboutMe = memberText({ max: 1000, multiline: true, label: "Message" });

/** The fields signup asks for (§3 signup form plus gender and country). */
export const ProfileBasics = z.object({
  name: ProfileName,
  date_of_birth: DateOfBirth,
  gender: z.enum(GENDERS),
  country: Country,
  signup_message: AboutMe.optional(),
});

/**
 * §5 name rules: the username may not equal the e-mail address and may not start with @; beyond
 * §5, it may not hold a web or e-mail address (client/lib/member-name.ts, docs/decisions.md). Checked
 * on what is shown: NFKC-normalised, without what looks blank (BLANK_LOOKING: a zero-width joiner
 * or a Braille blank before an @, spaces inside an address).
 * @param name the name as typed or stored; @param email the member's address.
 * @returns the §5 message, or null when the name is fine.
 */
export function nameProblem(name: string, email: string): string | null {
  const shown = name.normalize("NFKC").replace(BLANK_LOOKING, "");
  if (shown.toLowerCase() === email.normalize("NFKC").toLowerCase()) return "Your name may not be your e-mail address";
  if (shown.startsWith("@")) return "Your name may not start with @";
  if (nameHasAddress(name)) {
    return "Your name may not contain a web or e-mail address";
  }
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
  region: memberText({ min: 1, max: 100, label: "Region", needsLetterOrNumber: true }).nullable(),
  city: memberText({ min: 1, max: 100, label: "City", needsLetterOrNumber: true }).nullable(),
  interests: z
    .array(z.enum(INTEREST_KEYS))
    .max(MAX_INTERESTS, { message: `Choose at most ${MAX_INTERESTS} interests` })
    .refine((a) => new Set(a).size === a.length, { message: "Each interest once" }),
}).refine((v) => v.region === null || regionsOf(v.country).regions.includes(v.region), {
  message: "Choose a region of your country",
  path: ["region"],
});
export type UpdateProfileInput = z.infer<typeof UpdateProfileInput>;
