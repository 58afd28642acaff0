import type { AppDeps } from "../../deps.js";
import { mediaUrl } from "../members/members.photos.js";
import { getProfileSummaries, type ProfileSummary } from "../members/members.service.js";
import * as repo from "./auto-like.repository.js";

/** A profile for the §2 'new like' modal (§7 /api/auto-like.php): id and main image. */
export interface AutoLikeProfile {
  id: number;
  name: string;
  mainImage: { url: string; thumbUrl: string; status: string };
  /** True when this member liked the caller and the caller has not seen it yet. */
  likeNew: boolean;
  /** Run by the site: shown with the site's fictional_icon and fictional_warning (§3). */
  fictional: boolean;
}

/** How many recently active members the suggestion is drawn from. */
const SUGGESTION_POOL = 20;

/**
 * The profile the new-like modal shows: the newest unseen like the member received (from a
 * visible member with a main photo); without one, a suggestion drawn at random among the
 * recently active visible members of the other gender whom the member has not liked yet.
 * Reads only: liking stays the member's own act (the modal's button), so this GET changes nothing.
 * @returns null when there is nobody to show.
 */
export async function pickAutoLikeProfile(deps: Pick<AppDeps, "db">, userId: number): Promise<AutoLikeProfile | null> {
  const newLiker = await repo.findNewestNewLikerWithPhoto(deps.db, userId);
  if (newLiker) return toProfile(newLiker, true);
  const me = await repo.findGender(deps.db, userId);
  const other = me?.gender === "male" ? "female" : me?.gender === "female" ? "male" : null;
  let pool = await repo.findSuggestions(deps.db, userId, other, SUGGESTION_POOL);
  if (pool.length === 0 && other) pool = await repo.findSuggestions(deps.db, userId, null, SUGGESTION_POOL);
  const pick = pool[Math.floor(Math.random() * pool.length)];
  return pick ? toProfile(pick, false) : null;
}

function toProfile(
  r: { id: number; name: string; filename: string; thumb_filename: string; photo_status: string; fictional: boolean },
  likeNew: boolean,
): AutoLikeProfile {
  return {
    id: r.id,
    name: r.name,
    fictional: r.fictional,
    mainImage: { url: mediaUrl(r.filename), thumbUrl: mediaUrl(r.thumb_filename), status: r.photo_status },
    likeNew,
  };
}

/**
 * The /likes suggestion card (§7 /api/auto-like.php shown to the member, issue 14): what
 * pickAutoLikeProfile picks, as a profile card from the members service (with whatever labels it
 * carries, such as fictional). `kind` keeps the truth: 'received' only for a like the member
 * really received and has not seen; anything else is a 'suggestion' ('someone you may like'),
 * never shown as a like. Reads only.
 * @returns null when there is nobody to show (or the pick is not visible to the member).
 */
export async function getLikesSuggestion(
  deps: Pick<AppDeps, "db">,
  userId: number,
): Promise<{ kind: "received" | "suggestion"; profile: ProfileSummary } | null> {
  const pick = await pickAutoLikeProfile(deps, userId);
  if (!pick) return null;
  const profile = (await getProfileSummaries(deps.db, userId, [pick.id])).get(pick.id);
  return profile ? { kind: pick.likeNew ? "received" : "suggestion", profile } : null;
}
