import type { AppDeps } from "../../deps.js";
import { mediaUrl } from "../members/members.photos.js";
import * as repo from "./auto-like.repository.js";

/** A profile for the §2 'new like' modal (§7 /api/auto-like.php): id and main image. */
export interface AutoLikeProfile {
  id: number;
  name: string;
  mainImage: { url: string; thumbUrl: string; status: string };
  /** True when this member liked the caller and the caller has not seen it yet. */
  likeNew: boolean;
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
  r: { id: number; name: string; filename: string; thumb_filename: string; photo_status: string },
  likeNew: boolean,
): AutoLikeProfile {
  return {
    id: r.id,
    name: r.name,
    mainImage: { url: mediaUrl(r.filename), thumbUrl: mediaUrl(r.thumb_filename), status: r.photo_status },
    likeNew,
  };
}
