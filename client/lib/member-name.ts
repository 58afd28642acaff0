/**
 * A web or e-mail address inside a member's name (security review, 2026-11-27): names go into
 * other members' cards, mails and push notifications from the site's own address, where mail
 * clients make "free-credits.example" a link. Refused when the name holds "http:", "://",
 * "www.", an "@", or a word, a dot and two letters or more ("site.com", but not "J.R. Smith" or
 * "Mr. Bean"). Shared by the signup and profile forms and by the server's check (nameProblem).
 * @param name the name as typed (normalised here to NFKC, so full-width dots count).
 * @returns whether the name holds something that reads as an address.
 */
export function nameHasAddress(name: string): boolean {
  return /https?:|:\/\/|www\.|@|[\p{L}\p{N}-]\.\p{L}{2,}/iu.test(name.normalize("NFKC"));
}
