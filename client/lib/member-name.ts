/**
 * Characters left out before the name is read: those that draw nothing (Unicode's default
 * ignorable code points: format characters, variation selectors, the Hangul fillers) and the
 * Braille blank.
 */
const DRAWS_NOTHING = /[\p{Default_Ignorable_Code_Point}\u2800]/gu;
/** Dots that read as a dot between two words: the ideographic full stop and the middle dots. */
const OTHER_DOTS = /[\u3002\u00b7\u30fb]/g;

/**
 * A web or e-mail address inside a member's name (security review, 2026-11-27): names go into
 * other members' cards, mails and push notifications from the site's own address, where mail
 * clients make "free-credits.example" a link. Refused when the name holds "http:", "://",
 * "www.", an "@", or a word, a dot and two letters or more ("site.com", but not "J.R. Smith" or
 * "Mr. Bean"). Read as shown: NFKC (full-width dots are dots), what draws nothing taken out
 * ("site\uFE0F.com"), other dots as dots ("site。com"). Shared by the signup and profile forms
 * and by the server's check (nameProblem).
 * @param name the name as typed.
 * @returns whether the name holds something that reads as an address.
 */
export function nameHasAddress(name: string): boolean {
  const shown = name.normalize("NFKC").replace(DRAWS_NOTHING, "").replace(OTHER_DOTS, ".");
  return /https?:|:\/\/|www\.|@|[\p{L}\p{N}-]\.\p{L}{2,}/iu.test(shown);
}
