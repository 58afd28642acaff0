import type { AppDeps } from "../../deps.js";
import type { Tx } from "../../../db/create-db.js";
import { NotFoundError } from "../../domain-error.js";
import { placePhotoFiles, type StoredPhotoFiles } from "./members.photo-store.js";
import { photoUrlsFor } from "./members.photos.js";
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
  /**
   * The full size and the thumbnail: public addresses for a public photo; for a private one,
   * URLs bound to the operator and expiring like every private URL (members.photos.ts
   * privatePhotoUrl), which photos.service openPrivatePhoto serves to operators whatever the
   * photo's status: a private photo is never moderated blind.
   */
  url: string;
  thumbUrl: string;
}

/**
 * The oldest unreviewed photos, with URLs the operator can open (private photos included).
 * @param operatorId the operator asking: private photos' URLs are bound to them.
 * @param limit 1..200.
 * @returns PhotoForReview[], oldest first. No errors.
 */
export async function listPhotosForReview(
  deps: Pick<AppDeps, "db" | "mediaUrlSecret">,
  operatorId: number,
  limit: number,
): Promise<PhotoForReview[]> {
  const rows = await repo.findUnreviewedPhotos(deps.db, limit);
  return rows.map((r) => ({
    id: r.id,
    profileId: r.profile_id,
    profileName: r.name,
    status: r.status as PhotoForReview["status"],
    isPrivate: r.is_private,
    isMain: r.is_main,
    createdAt: new Date(r.created_at).toISOString(),
    ...photoUrlsFor(deps.mediaUrlSecret, r, operatorId),
  }));
}

/**
 * Lock a photo for an operator's decision and tell whose it is (the moderation service checks
 * the operator may act on that member before anything is written).
 * @returns the photo's owner.
 * @throws NotFoundError when the photo does not exist.
 */
export async function lockPhotoForReviewInTx(tx: Tx, photoId: number): Promise<{ profileId: number }> {
  const photo = await repo.lockPhoto(tx, photoId);
  if (!photo) throw new NotFoundError("This photo could not be found.");
  return { profileId: photo.profile_id };
}

/** Where a hidden photo's files are: all of them, the blurred copy included, in the private directory. */
const HIDDEN_PLACEMENT = { sharp: "private", blurred: "private" } as const;

/** Where a visible photo's files are: a private photo's full size and thumbnail are private, its blurred copy public. */
function visiblePlacement(isPrivate: boolean) {
  return { sharp: isPrivate ? "private" : "public", blurred: "public" } as const;
}

/**
 * Approve a photo in the caller's transaction: it is active and reviewed; a public photo of a
 * member without a main photo becomes main (as it would have on upload without moderation).
 * A photo hidden before (an operator changing their mind) gets its files back where a visible
 * photo's are, under new names.
 * @returns the photo's owner.
 * @throws NotFoundError when the photo does not exist.
 */
export async function approvePhotoInTx(
  deps: Pick<AppDeps, "config">,
  tx: Tx,
  photoId: number,
): Promise<{ profileId: number }> {
  const photo = await repo.lockPhoto(tx, photoId);
  if (!photo) throw new NotFoundError("This photo could not be found.");
  const moved =
    photo.status === "hidden"
      ? await placePhotoFiles(deps.config, photo, HIDDEN_PLACEMENT, visiblePlacement(photo.is_private))
      : undefined;
  try {
    await repo.setPhotoReviewed(tx, photoId, "active", moved && pickFiles(moved));
    if (!photo.is_private && !(await repo.hasMainPhoto(tx, photo.profile_id)))
      await repo.makeMain(tx, photo.profile_id, photoId);
  } catch (err) {
    if (moved)
      await placePhotoFiles(deps.config, moved, visiblePlacement(photo.is_private), HIDDEN_PLACEMENT).catch(() => {});
    throw err;
  }
  return { profileId: photo.profile_id };
}

/**
 * Hide a photo in the caller's transaction: status 'hidden' (its owner still sees it, with a
 * notice and no picture), and every file of it, the blurred copy included (the one free members
 * are shown), moved out of the public directory under new names, so each old address answers
 * 404. The files are kept as evidence until the owner deletes the photo (photos.service
 * deletePhoto; the decision stays in the audit). When it was the main photo, the next active public photo becomes main.
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
  const moved = await placePhotoFiles(deps.config, photo, visiblePlacement(photo.is_private), HIDDEN_PLACEMENT);
  try {
    await repo.setPhotoReviewed(tx, photoId, "hidden", pickFiles(moved));
    if (photo.is_main) {
      const next = await repo.findNextMainCandidate(tx, photo.profile_id);
      if (next) await repo.makeMain(tx, photo.profile_id, next.id);
    }
  } catch (err) {
    await placePhotoFiles(deps.config, moved, HIDDEN_PLACEMENT, visiblePlacement(photo.is_private)).catch(() => {});
    throw err;
  }
  return { profileId: photo.profile_id };
}

function pickFiles(f: StoredPhotoFiles): StoredPhotoFiles {
  return { filename: f.filename, thumb_filename: f.thumb_filename, blurred_filename: f.blurred_filename };
}

/** Hide (suspension, ban) or show again (reinstatement) a member's profile, in the caller's transaction. */
export function setProfileHiddenByModerationInTx(tx: Tx, profileId: number, hidden: boolean): Promise<void> {
  return repo.setProfileHiddenByModeration(tx, profileId, hidden);
}
