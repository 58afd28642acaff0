import type { DB, Tx } from "../../../db/create-db.js";

/** Of `photoIds`, the ones the member bought access to. */
export async function findUnlockedPhotoIds(
  db: DB | Tx,
  userId: number,
  photoIds: readonly number[],
): Promise<Set<number>> {
  if (photoIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("photo_unlocks")
    .select("photo_id")
    .where("user_id", "=", userId)
    .where("photo_id", "in", [...photoIds])
    .execute();
  return new Set(rows.map((r) => r.photo_id));
}

/** A photo with its owner's visibility, for an unlock. */
export function findPhotoForUnlock(db: DB | Tx, photoId: number) {
  return db
    .selectFrom("photos")
    .innerJoin("profiles", "profiles.id", "photos.profile_id")
    .select([
      "photos.id",
      "photos.profile_id",
      "photos.filename",
      "photos.thumb_filename",
      "photos.is_main",
      "photos.is_private",
      "photos.status",
      "profiles.visible",
    ])
    .where("photos.id", "=", photoId)
    .executeTakeFirst();
}

/**
 * Record the unlock; a second one for the same photo inserts nothing (primary key).
 * @returns true when this call unlocked it.
 */
export async function insertUnlock(tx: Tx, userId: number, photoId: number, credits: number): Promise<boolean> {
  const row = await tx
    .insertInto("photo_unlocks")
    .values({ user_id: userId, photo_id: photoId, credits })
    .onConflict((oc) => oc.columns(["user_id", "photo_id"]).doNothing())
    .returning("photo_id")
    .executeTakeFirst();
  return row !== undefined;
}
