import type { AppDeps } from "../../deps.js";
import { NotFoundError } from "../../domain-error.js";
import { birthDateBounds, getProfileSummaries, type ProfileSummary } from "./members.service.js";
import { findRelatedProfileIds } from "./related.repository.js";

/** How many related profiles the profile page shows in its row. */
export const RELATED_PROFILES_LIMIT = 6;
/** 'Nearby age': at most this many years younger or older than the profile viewed. */
export const RELATED_AGE_SPAN_YEARS = 5;

/**
 * §2 profile view "related profiles": a row of members similar to `profileId` — same country and
 * gender (the gender the viewer is looking at), an age within RELATED_AGE_SPAN_YEARS — newest
 * active first, at most RELATED_PROFILES_LIMIT. Every card, and the profile itself, passes the
 * one visibility rule (isVisibleTo through getProfileSummaries): hidden members never appear.
 *
 * @returns profile cards (possibly none: a profile without country or gender has no related row).
 * @throws NotFoundError when the profile is not visible to the viewer.
 */
export async function listRelatedProfiles(
  deps: Pick<AppDeps, "db">,
  viewerId: number,
  profileId: number,
  now = new Date(),
): Promise<{ items: ProfileSummary[] }> {
  const profile = (await getProfileSummaries(deps.db, viewerId, [profileId])).get(profileId);
  if (!profile) throw new NotFoundError("This member could not be found.");
  if (!profile.country || !profile.gender) return { items: [] };
  const bounds = birthDateBounds(
    Math.max(0, profile.age - RELATED_AGE_SPAN_YEARS),
    profile.age + RELATED_AGE_SPAN_YEARS,
    now,
  );
  const ids = await findRelatedProfileIds(deps.db, {
    excludeIds: [viewerId, profileId],
    country: profile.country,
    gender: profile.gender,
    bornOnOrBefore: bounds.bornOnOrBefore!,
    bornAfter: bounds.bornAfter!,
    limit: RELATED_PROFILES_LIMIT,
  });
  const cards = await getProfileSummaries(deps.db, viewerId, ids);
  return { items: ids.flatMap((id) => cards.get(id) ?? []) };
}
