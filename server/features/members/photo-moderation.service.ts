import type { AppDeps } from "../../deps.js";
import type { Tx } from "../../../db/create-db.js";
import { NotFoundError } from "../../domain-error.js";
import { movePhotoFiles } from "./members.photo-store.js";
import { mediaUrl } from "./members.photos.js";
import * as repo from "./photo-moderation.repository.js";

/**
 * Photo moderation (issue 10) for the operator console: the queue of photos no operator has
 * reviewed, approving one (a pending photo goes live) and hiding one. Under the site setting
 * photo_moderation 'pre' a new photo is 'pending' (shown only to its owner) until approved;
 * under 'post' (the default) it is live at once and waits in the same queue for review.
 */

/** A photo waiting for review, as the operator sees it (always the full picture, private or not). */
export interface PhotoForReview {
  id: number;
  profileId: number;
  profileName: string;
  status: "active" | "pending" | "hidden";
  isPrivate: boolean;
  isMain: boolean;
  /** ISO 8601 UTC. */
  createdAt: string;
  /** The public thumbnail's URL; null for a private photo (its files are not served statically). */
  thumbUrl: string | null;
}

/**
 * The oldest unreviewed photos.
 * @param limit 1..200.
 */
export async function listPhotosForReview(deps: Pick<AppDeps, "db">, limit: number): Promise<PhotoForReview[]> {
  const rows = await repo.findUnreviewedPhotos(deps.db, limit);
  return rows.map((r) => ({
    id: r.id,
    profileId: r.profile_id,
    profileName: r.name,
    status: r.status as PhotoForReview["status"],
    isPrivate: r.is_private,
    isMain: r.is_main,
    createdAt: new Date(r.created_at).toISOString(),
    thumbUrl: r.is_private ? null : mediaUrl(r.thumb_filename),
  }));
}

/**
 * Approve a photo in the caller's transaction: it is active and reviewed; a public photo of a
 * member without a main photo becomes main (as it would have on upload without moderation).
 * @returns the photo's owner.
 * @throws NotFoundError when the photo does not exist.
 */
export async function approvePhotoInTx(tx: Tx, photoId: number): Promise<{ profileId: number }> {
  const photo = await repo.lockPhoto(tx, photoId);
  if (!photo) throw new NotFoundError("This photo could not be found.");
  await repo.setPhotoReviewed(tx, photoId, "active");
  if (!photo.is_private && !(await repo.hasMainPhoto(tx, photo.profile_id)))
    await repo.makeMain(tx, photo.profile_id, photoId);
  return { profileId: photo.profile_id };
}

/**
 * Hide a photo in the caller's transaction: status 'hidden' (its owner still sees it, with a
 * notice and no picture), its full size and thumbnail moved out of the public directory under
 * new names so its old address answers 404 (the files are kept as evidence until the owner
 * deletes the photo), and when it was the main photo the next active public photo becomes main.
 * @returns the photo's owner.
 * @throws NotFoundError when the photo does not exist.
 */
export async function hidePhotoInTx(
  deps: Pick<AppDeps, "config">,
  tx: Tx,
  photoId: number,
): Promise<{ profileId: number }> {
  const photo = await repo.lockPhoto(tx, photoId);
  if (!photo) throw new NotFoundError("This photo could not be found.");
  if (photo.status === "hidden") return { profileId: photo.profile_id };
  const moved = photo.is_private ? undefined : await movePhotoFiles(deps.config, photo, true);
  const files = moved && { filename: moved.filename, thumb_filename: moved.thumb_filename };
  try {
    await repo.setPhotoReviewed(tx, photoId, "hidden", files);
    if (photo.is_main) {
      const next = await repo.findNextMainCandidate(tx, photo.profile_id);
      if (next) await repo.makeMain(tx, photo.profile_id, next.id);
    }
  } catch (err) {
    if (moved) await movePhotoFiles(deps.config, moved, false).catch(() => {});
    throw err;
  }
  return { profileId: photo.profile_id };
}

/** Hide (suspension, ban) or show again (reinstatement) a member's profile, in the caller's transaction. */
export function setProfileHiddenByModerationInTx(tx: Tx, profileId: number, hidden: boolean): Promise<void> {
  return repo.setProfileHiddenByModeration(tx, profileId, hidden);
}
