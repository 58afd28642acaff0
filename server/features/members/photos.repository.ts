import { sql } from "kysely";
import type { DB, Tx } from "../../../db/create-db.js";
import type { StoredPhotoFiles } from "./members.photo-store.js";

/** Every photo of a member (any status), main first, then by position and id. */
export function findOwnPhotos(db: DB | Tx, profileId: number) {
  return db
    .selectFrom("photos")
    .select(["id", "filename", "thumb_filename", "blurred_filename", "is_main", "is_private", "status", "position"])
    .where("profile_id", "=", profileId)
    .orderBy("is_main", "desc")
    .orderBy("position")
    .orderBy("id")
    .execute();
}

/** One photo of `profileId` (undefined when it is someone else's or does not exist). */
export function findOwnPhoto(db: DB | Tx, profileId: number, photoId: number) {
  return db
    .selectFrom("photos")
    .select(["id", "filename", "thumb_filename", "blurred_filename", "is_main", "is_private", "status", "position"])
    .where("id", "=", photoId)
    .where("profile_id", "=", profileId)
    .executeTakeFirst();
}

/** How many photos the member has (any status), whether one is main, and the next position. */
export async function photoStats(
  tx: DB | Tx,
  profileId: number,
): Promise<{ count: number; hasMain: boolean; nextPosition: number }> {
  const row = await tx
    .selectFrom("photos")
    .select([
      sql<number>`count(*)::int`.as("count"),
      sql<boolean>`coalesce(bool_or(is_main), false)`.as("has_main"),
      sql<number>`coalesce(max(position) + 1, 0)::int`.as("next_position"),
    ])
    .where("profile_id", "=", profileId)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), hasMain: Boolean(row.has_main), nextPosition: Number(row.next_position) };
}

/**
 * Insert an uploaded photo: 'active', or 'pending' until an operator approves it (site setting
 * photo_moderation 'pre'); either way unreviewed, so it is queued in /ops.
 */
export function insertPhoto(
  tx: Tx,
  row: StoredPhotoFiles & {
    profile_id: number;
    is_main: boolean;
    is_private: boolean;
    position: number;
    status: "active" | "pending";
  },
) {
  return tx
    .insertInto("photos")
    .values({ ...row, reviewed_at: null }) // an upload waits in the /ops queue
    .returning(["id", "filename", "thumb_filename", "blurred_filename", "is_main", "is_private", "status", "position"])
    .executeTakeFirstOrThrow();
}

/**
 * Make `photoId` the member's only main photo (the old main is cleared first: one main per
 * profile). Only an active photo can be main (constraint photos_main_is_active): callers pick one.
 */
export async function setMain(tx: Tx, profileId: number, photoId: number): Promise<void> {
  await tx
    .updateTable("photos")
    .set({ is_main: false })
    .where("profile_id", "=", profileId)
    .where("is_main", "=", true)
    .where("id", "<>", photoId)
    .execute();
  await tx
    .updateTable("photos")
    .set({ is_main: true, is_private: false })
    .where("id", "=", photoId)
    .where("profile_id", "=", profileId)
    .execute();
}

export function setPrivate(
  tx: Tx,
  profileId: number,
  photoId: number,
  isPrivate: boolean,
  files: { filename: string; thumb_filename: string },
) {
  return tx
    .updateTable("photos")
    .set({ is_private: isPrivate, filename: files.filename, thumb_filename: files.thumb_filename })
    .where("id", "=", photoId)
    .where("profile_id", "=", profileId)
    .execute();
}

export function deletePhotoRow(tx: Tx, profileId: number, photoId: number) {
  return tx.deleteFrom("photos").where("id", "=", photoId).where("profile_id", "=", profileId).execute();
}

/**
 * A photo's file names and state, by id (the private-photo route), with what the one visibility
 * rule (members.service isVisibleTo) needs to know of its owner, or undefined.
 */
export function findPhotoFiles(db: DB, photoId: number) {
  return db
    .selectFrom("photos")
    .innerJoin("profiles", "profiles.id", "photos.profile_id")
    .innerJoin("users", "users.id", "photos.profile_id")
    .select([
      "photos.id",
      "photos.profile_id",
      "photos.filename",
      "photos.thumb_filename",
      "photos.is_private",
      "photos.status",
      "profiles.visible",
      "users.status as account_status",
      "users.moderation_status",
    ])
    .where("photos.id", "=", photoId)
    .executeTakeFirst();
}

/** Every private photo's files (start-up check that none sits in the public directory). */
export function findPrivatePhotos(db: DB) {
  return db
    .selectFrom("photos")
    .select(["id", "profile_id", "filename", "thumb_filename", "blurred_filename"])
    .where("is_private", "=", true)
    .execute();
}

/** Record a photo's new file names after its files moved. */
export async function setPhotoFiles(
  db: DB,
  photoId: number,
  files: { filename: string; thumb_filename: string },
): Promise<void> {
  await db
    .updateTable("photos")
    .set({ filename: files.filename, thumb_filename: files.thumb_filename })
    .where("id", "=", photoId)
    .execute();
}
