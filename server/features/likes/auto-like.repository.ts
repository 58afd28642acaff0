import { sql } from "kysely";
import type { DB } from "../../../db/create-db.js";

const cardColumns = [
  "profiles.id",
  "profiles.name",
  "photos.filename",
  "photos.thumb_filename",
  "photos.status as photo_status",
  "profiles.fictional",
] as const;

/** Neither member blocked the other (§4: blocked members never come up as picks). */
const notBlockedWith = (userId: number) =>
  sql<boolean>`not exists (select 1 from blocks where (blocks.blocker_id = ${userId} and blocks.blocked_id = profiles.id) or (blocks.blocked_id = ${userId} and blocks.blocker_id = profiles.id))`;

/** The member has not liked the profile of the row (`profiles.id`). */
const notLikedBy = (userId: number) =>
  sql<boolean>`not exists (select 1 from likes as mine where mine.liker_id = ${userId} and mine.liked_id = profiles.id)`;

/** The newest unseen like the member received from a visible member with a main photo, not yet liked back. */
export function findNewestNewLikerWithPhoto(db: DB, userId: number) {
  return (
    db
      .selectFrom("likes")
      .innerJoin("profiles", "profiles.id", "likes.liker_id")
      .innerJoin("photos", (j) => j.onRef("photos.profile_id", "=", "profiles.id").on("photos.is_main", "=", true))
      .select(cardColumns)
      .where("likes.liked_id", "=", userId)
      .where("likes.is_new", "=", true)
      .where("profiles.visible", "=", true)
      .where(notBlockedWith(userId))
      // Liked back already: that like made a match (the match modal says so), it is no new like to act on.
      .where(notLikedBy(userId))
      .orderBy("likes.created_at", "desc")
      .limit(1)
      .executeTakeFirst()
  );
}

/**
 * Recently active visible members with a main photo whom the member has not liked yet,
 * of `gender` when given (newest active first, through the search index), `limit` of them.
 */
export function findSuggestions(db: DB, userId: number, gender: "male" | "female" | null, limit: number) {
  let q = db
    .selectFrom("profiles")
    .innerJoin("photos", (j) => j.onRef("photos.profile_id", "=", "profiles.id").on("photos.is_main", "=", true))
    .select(cardColumns)
    .where("profiles.visible", "=", true)
    .where("profiles.id", "<>", userId)
    .where(notBlockedWith(userId))
    .where(notLikedBy(userId));
  if (gender) q = q.where("profiles.gender", "=", gender);
  return q.orderBy("profiles.last_active", "desc").limit(limit).execute();
}

/** The member's own gender (suggestions show the other one). */
export function findGender(db: DB, userId: number) {
  return db.selectFrom("profiles").select("gender").where("id", "=", userId).executeTakeFirst();
}
