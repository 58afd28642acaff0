import type { AppDeps } from "../../deps.js";
import { NotFoundError } from "../../domain-error.js";
import { searchProfiles } from "./members.repository.js";
import {
  assertNotBlocked,
  getProfileSummaries,
  isVisibleTo,
  toProfileSummary,
  type ProfileSummary,
} from "./members.service.js";

/**
 * Member photos for visitors (issue 11 landers, §1 "landing pages", §2 /landers/*, /members/{id}/landing):
 * the public main photos of members whom the one visibility rule (isVisibleTo, §4) shows to
 * anyone — confirmed, active, not invisible, not pending deletion, not suspended or banned —
 * read through the search's own query (profiles.visible) and then checked again with
 * isVisibleTo, so a rule added there applies here too. Fictional profiles (§3) are kept, with
 * their flag: the page labels them as every other list does.
 */

/** A visitor is nobody: no member has id 0 (ids start at 1), so no contact or block applies. */
const VISITOR_ID = 0;

/** What a visitor may see of a member: the card without presence (no "online" to strangers). */
export type PublicProfileCard = Omit<ProfileSummary, "lastActive" | "deleted">;

function toPublicCard(p: ProfileSummary): PublicProfileCard {
  return {
    id: p.id,
    name: p.name,
    age: p.age,
    gender: p.gender,
    city: p.city,
    country: p.country,
    fictional: p.fictional,
    mainImage: p.mainImage,
  };
}

/**
 * Up to `limit` visible members with a main photo, newest active first.
 * @param input.limit 1–24 cards; input.gender only that gender (none: both).
 * @param viewerId the logged-in member looking (null: a visitor): their own profile and anyone a
 *   block stands between them and (either way, §4) are left out.
 * @returns cards with `mainImage` set (the public photo and its 160 px thumbnail). No errors.
 */
export async function listPublicProfiles(
  deps: Pick<AppDeps, "db">,
  input: { limit: number; gender?: "male" | "female" },
  viewerId: number | null = null,
): Promise<PublicProfileCard[]> {
  // Members without a main photo are left out in the query itself: filtered after a limit, a
  // site's newest members (who often have no photo yet) could leave a short or empty list.
  const rows = await searchProfiles(deps.db, { viewerId, gender: input.gender, withMainPhoto: true }, 0, input.limit);
  return rows
    .filter((r) => r.main_filename !== null && isVisibleTo(viewerId ?? VISITOR_ID, r))
    .map((r) => toPublicCard(toProfileSummary(r, null)));
}

/**
 * One member's card for their landing pages (§2 /members/{id}/landing, /signup, landing2, landing3).
 * @param viewerId the logged-in member looking (null: a visitor).
 * @throws NotFoundError for an unknown member or one the visibility rule hides from visitors
 *   (the page then shows the §2 404 page); BlockedError (§8) when a block stands between the
 *   viewer and the member, either way (§6 "Blocked users cannot view … the blocker").
 */
export async function getPublicProfile(
  deps: Pick<AppDeps, "db">,
  id: number,
  viewerId: number | null = null,
): Promise<PublicProfileCard> {
  if (viewerId !== null) await assertNotBlocked(deps.db, viewerId, id);
  const card = (await getProfileSummaries(deps.db, VISITOR_ID, [id])).get(id);
  if (!card || card.deleted) throw new NotFoundError("This member could not be found.");
  return toPublicCard(card);
}
