import { sql } from "kysely";
import type { DB, Tx } from "../../../db/create-db.js";
import { visibleToOthers } from "./members.repository.js";

// Photo and profile moderation (issue 10): the members feature owns photos and profiles, so the
// operator console's reads and writes of them are here; the moderation feature calls the service.

/** Photos no operator has reviewed yet, oldest first (the /ops queue), with their owner's name. */
export function findUnreviewedPhotos(db: DB, limit: number) {
  return db
    .selectFrom("photos")
    .innerJoin("profiles", "profiles.id", "photos.profile_id")
    .select([
      "photos.id",
      "photos.profile_id",
      "photos.filename",
      "photos.thumb_filename",
      "photos.is_private",
      "photos.is_main",
      "photos.status",
      "photos.created_at",
      "profiles.name",
    ])
    .where("photos.reviewed_at", "is", null)
    .orderBy("photos.created_at")
    .orderBy("photos.id")
    .limit(limit)
    .execute();
}

/** One photo with its owner and files, locked for the moderation decision, or undefined. */
export function lockPhoto(tx: Tx, photoId: number) {
  return tx
    .selectFrom("photos")
    .select(["id", "profile_id", "filename", "thumb_filename", "blurred_filename", "is_main", "is_private", "status"])
    .where("id", "=", photoId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Mark a photo reviewed with its new status (and its new file names when they moved). A hidden
 * photo stops being main in the same statement (constraint photos_main_is_active).
 */
export async function setPhotoReviewed(
  tx: Tx,
  photoId: number,
  status: "active" | "hidden",
  files?: { filename: string; thumb_filename: string; blurred_filename: string },
): Promise<void> {
  await tx
    .updateTable("photos")
    .set({ status, reviewed_at: sql`now()`, ...(status === "hidden" ? { is_main: false } : {}), ...(files ?? {}) })
    .where("id", "=", photoId)
    .execute();
}

/** The member's first active public photo (the next main photo), or undefined. */
export function findNextMainCandidate(tx: Tx, profileId: number) {
  return tx
    .selectFrom("photos")
    .select("id")
    .where("profile_id", "=", profileId)
    .where("status", "=", "active")
    .where("is_private", "=", false)
    .orderBy("position")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
}

/** Whether the member has a main photo. */
export async function hasMainPhoto(tx: Tx, profileId: number): Promise<boolean> {
  const row = await tx
    .selectFrom("photos")
    .select("id")
    .where("profile_id", "=", profileId)
    .where("is_main", "=", true)
    .executeTakeFirst();
  return row !== undefined;
}

/** Make `photoId` the member's main photo (the member has none). */
export async function makeMain(tx: Tx, profileId: number, photoId: number): Promise<void> {
  await tx
    .updateTable("photos")
    .set({ is_main: true })
    .where("id", "=", photoId)
    .where("profile_id", "=", profileId)
    .execute();
}

/**
 * Hide a suspended or banned member's profile from others (search, profile pages), or show it
 * again on reinstatement: visible again only by the one rule (members.repository visibleToOthers).
 */
export async function setProfileHiddenByModeration(tx: Tx, profileId: number, hidden: boolean): Promise<void> {
  await tx
    .updateTable("profiles")
    .set({
      visible: hidden ? false : sql<boolean>`profiles.status = 'active' and ${visibleToOthers(profileId)}`,
    })
    .where("id", "=", profileId)
    .execute();
}
