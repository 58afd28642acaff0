import type { AppDeps } from "../../deps.js";
import { getPublicProfile, listPublicProfiles, type PublicProfileCard } from "../members/public-profiles.service.js";
import type { LanderPhotosInput, PageBounceInput } from "./landers.schema.js";

/**
 * The landing pages (§1 "landing pages", §2 /landers/*, /members/{id}/landing…): real members of
 * the site, as visitors may see them (members public-profiles.service: the one visibility rule).
 */

/**
 * landers.photos: up to `count` visible members with their public main photo, newest active first.
 * `viewerId`: the logged-in member looking (null: a visitor); members a block stands between them
 * and are left out (§4).
 * @returns { items: PublicProfileCard[] } (possibly fewer than asked, or none on an empty site). No errors.
 */
export async function landerPhotos(
  deps: Pick<AppDeps, "db">,
  input: LanderPhotosInput,
  viewerId: number | null = null,
): Promise<{ items: PublicProfileCard[] }> {
  return { items: await listPublicProfiles(deps, { limit: input.count, gender: input.gender }, viewerId) };
}

/**
 * landers.member: the member a /members/{id}/landing page is about.
 * @throws NotFoundError (NOT_FOUND) for an unknown member or one hidden from visitors; BlockedError
 *   (BLOCKED, §8) for a logged-in viewer with a block between them, either way.
 */
export function landerMember(
  deps: Pick<AppDeps, "db">,
  id: number,
  viewerId: number | null = null,
): Promise<PublicProfileCard> {
  return getPublicProfile(deps, id, viewerId);
}

/**
 * landers.pageBounce (§2 query parameter lb, "page-bounce logging"): a page opened with `lb` was
 * left (hidden or unloaded) after `seconds`; written to the log as one `page_bounce` line with the
 * path (no query: it may have carried tracking values) and whether a member was logged in.
 */
export function logPageBounce(deps: Pick<AppDeps, "log">, input: PageBounceInput, loggedIn: boolean): { ok: true } {
  deps.log.info({ event: "page_bounce", path: input.path, seconds: input.seconds, loggedIn }, "page bounce");
  return { ok: true };
}
