import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { AppDeps } from "../../deps.js";
import { inTransaction } from "../../../db/create-db.js";
import { DomainError, NotFoundError } from "../../domain-error.js";
import { MAX_PHOTOS_FREE, MAX_PHOTOS_PREMIUM } from "../../constants.js";
import { assertNotBlocked, BlockedError, isVisibleTo, lockMembersForUpdate } from "./members.service.js";
import { findNextMainCandidate } from "./photo-moderation.repository.js";
import { isOperator } from "../moderation/moderation.service.js";
import { deletePhotoFiles, movePhotoFiles, storePhoto, type StoredPhotoFiles } from "./members.photo-store.js";
import { photoUrlsFor, verifyPrivatePhotoUrl, type PhotoVariant } from "./members.photos.js";
import { getWallet } from "../credits/credits.service.js";
import type { SiteSettings } from "../site/site.settings.js";
import * as repo from "./photos.repository.js";

/**
 * The member's own photos (§2 /profile "own profile and photo management"): upload, list, main,
 * private, delete. Every rule about a member's own photos lives here; the tRPC procedures
 * (members.router.ts) and the upload route (photos.http.ts) only wire it.
 */

/** Largest upload accepted (bytes). A phone photo is a few MB; the stored variants are 480 px. */
export const MAX_PHOTO_UPLOAD_BYTES = 8 * 1024 * 1024;
/** Formats sharp reports for the images accepted: JPEG, PNG, WebP, GIF and AVIF (heif + av1). */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif"]);

/** §5, §9: the member already has as many photos as their plan allows. */
export class PhotoLimitError extends DomainError {
  constructor(limit: number) {
    super(
      "PHOTO_LIMIT",
      limit >= MAX_PHOTOS_PREMIUM
        ? `Premium members may add up to ${MAX_PHOTOS_PREMIUM} photos.`
        : `Free members may add up to ${MAX_PHOTOS_FREE} photos. Get Premium to add up to ${MAX_PHOTOS_PREMIUM}.`,
      { limit, premiumLimit: MAX_PHOTOS_PREMIUM },
    );
  }
}

/** The upload is not a JPEG, PNG, WebP, GIF or AVIF image sharp can decode. */
export class InvalidImageError extends DomainError {
  constructor() {
    super("INVALID_IMAGE", "This file is not an image we can use. Upload a JPEG, PNG, WebP, GIF or AVIF photo.");
  }
}

/** The upload is larger than MAX_PHOTO_UPLOAD_BYTES. */
export class PhotoTooLargeError extends DomainError {
  constructor() {
    const maxMb = MAX_PHOTO_UPLOAD_BYTES / (1024 * 1024);
    super("PHOTO_TOO_LARGE", `Photos may be at most ${maxMb} MB.`, { maxMb });
  }
}

/** The main photo is public (§6: shown to everyone); another photo must become main first. */
export class MainPhotoPublicError extends DomainError {
  constructor() {
    super("VALIDATION", "The main photo is always public. Make another photo your main photo first.");
  }
}

/** One of the member's own photos, as the owner sees it: never locked (ARCHITECTURE "the server decides"). */
export interface OwnPhoto {
  id: number;
  isMain: boolean;
  isPrivate: boolean;
  url: string;
  thumbUrl: string;
  /**
   * 'active'; 'pending' — waiting for an operator (photo moderation 'pre'), seen only by its
   * owner; 'hidden' — removed by an operator (its urls are empty: the files are no longer served).
   */
  status: "active" | "pending" | "hidden";
}

export interface MyPhotos {
  /** Main photo first, then in upload order. */
  photos: OwnPhoto[];
  count: number;
  /** §9: 3 for free members, 25 for premium (paid_user). */
  limit: number;
  /** §9: the premium limit (25), for the "Get Premium" message. */
  premiumLimit: number;
  paidUser: boolean;
}

/** §5, §9: how many photos a member may have. */
export function photoLimitFor(paidUser: boolean): number {
  return paidUser ? MAX_PHOTOS_PREMIUM : MAX_PHOTOS_FREE;
}

/** The owner's view of a photo: private ones through URLs bound to the owner (members.photos.ts). */
function toOwnPhoto(
  secret: string,
  ownerId: number,
  r: { id: number; is_main: boolean; is_private: boolean; filename: string; thumb_filename: string; status: string },
): OwnPhoto {
  const status = r.status === "pending" || r.status === "hidden" ? r.status : "active";
  const urls = status === "hidden" ? { url: "", thumbUrl: "" } : photoUrlsFor(secret, r, ownerId);
  return { id: r.id, isMain: r.is_main, isPrivate: r.is_private, ...urls, status };
}

/**
 * members.myPhotos: the member's own photos with full-size URLs, the count and their limit.
 * @returns MyPhotos. No errors (a member always has a row).
 */
export async function listMyPhotos(deps: Pick<AppDeps, "db" | "mediaUrlSecret">, userId: number): Promise<MyPhotos> {
  const [rows, { paidUser }] = await Promise.all([repo.findOwnPhotos(deps.db, userId), getWallet(deps.db, userId)]);
  return {
    photos: rows.map((r) => toOwnPhoto(deps.mediaUrlSecret, userId, r)),
    count: rows.length,
    limit: photoLimitFor(paidUser),
    premiumLimit: MAX_PHOTOS_PREMIUM,
    paidUser,
  };
}

/** Whether `input` is one of the accepted formats (reads the header only; decoding happens in storePhoto). */
async function isAcceptedImage(input: Buffer): Promise<boolean> {
  try {
    const meta = await sharp(input).metadata();
    if (meta.format && ACCEPTED_FORMATS.has(meta.format)) return true;
    return meta.format === "heif" && meta.compression === "av1"; // AVIF
  } catch {
    return false;
  }
}

/**
 * Add a photo (§2 /profile photo management) within the §5/§9 limit: 3 for free members, 25
 * for premium. The image is checked (JPEG, PNG, WebP, GIF or AVIF) and encoded into its three
 * WebP files first (CPU work outside any transaction); then, under the member's row lock, the
 * photos are counted and the row inserted — so concurrent uploads cannot pass the limit. When
 * the limit is hit (or anything fails) after the files were written, they are deleted.
 * The new photo becomes main when the member has no main photo and it is not private (the main
 * photo is public, §6). Under the site's photo_moderation 'pre' the photo is 'pending' (seen only
 * by its owner, never main) until an operator approves it (photo-moderation.service.ts).
 *
 * @param buffer the uploaded file (at most MAX_PHOTO_UPLOAD_BYTES; the route enforces it).
 * @returns the stored photo as the owner sees it.
 * @throws InvalidImageError (not an accepted image; nothing stored), PhotoLimitError
 *         (limit reached; nothing stored), NotFoundError (no such member).
 */
export async function addPhoto(
  deps: Pick<AppDeps, "db" | "config" | "mediaUrlSecret">,
  userId: number,
  buffer: Buffer,
  site: Pick<SiteSettings, "photo_moderation">,
  opts: { private?: boolean } = {},
): Promise<OwnPhoto> {
  // A cheap early refusal before encoding; the count under the lock below is the one that decides.
  const { paidUser } = await getWallet(deps.db, userId);
  const before = await repo.photoStats(deps.db, userId);
  if (before.count >= photoLimitFor(paidUser)) throw new PhotoLimitError(photoLimitFor(paidUser));

  if (buffer.length === 0 || !(await isAcceptedImage(buffer))) throw new InvalidImageError();
  let files: StoredPhotoFiles;
  try {
    files = await storePhoto(deps.config.mediaDir, buffer);
  } catch {
    throw new InvalidImageError(); // storePhoto writes nothing when decoding fails
  }
  // A private photo's full size and thumbnail are never in the public directory.
  if (opts.private === true) files = await movePhotoFiles(deps.config, files, true);
  try {
    const row = await inTransaction(deps.db, async (tx) => {
      const member = (await lockMembersForUpdate(tx, [userId])).get(userId);
      if (!member) throw new NotFoundError("This member could not be found.");
      const limit = photoLimitFor(member.paidUser);
      const stats = await repo.photoStats(tx, userId);
      if (stats.count >= limit) throw new PhotoLimitError(limit);
      const isPrivate = opts.private === true;
      const pending = site.photo_moderation === "pre";
      return repo.insertPhoto(tx, {
        ...files,
        profile_id: userId,
        is_main: !stats.hasMain && !isPrivate && !pending,
        is_private: isPrivate,
        position: stats.nextPosition,
        status: pending ? "pending" : "active",
      });
    });
    return toOwnPhoto(deps.mediaUrlSecret, userId, row);
  } catch (err) {
    await deletePhotoFiles(deps.config, files);
    throw err;
  }
}

/**
 * members.setMainPhoto: make one of the member's photos the main one (public, shown on cards, §2
 * profile-photo alert); it becomes public if it was private (§6: the main photo is public).
 * @throws NotFoundError when the photo is not the member's.
 */
export async function setMainPhoto(
  deps: Pick<AppDeps, "db" | "config" | "mediaUrlSecret">,
  userId: number,
  photoId: number,
): Promise<MyPhotos> {
  await inTransaction(deps.db, async (tx) => {
    await lockMembersForUpdate(tx, [userId]);
    const photo = await repo.findOwnPhoto(tx, userId, photoId);
    // A pending photo waits for an operator and a hidden one was removed (issue 10): neither can be main.
    if (!photo || photo.status !== "active") throw new NotFoundError("This photo could not be found.");
    // The main photo is public (§2): a private one comes out of the private directory first.
    if (photo.is_private) {
      const moved = await movePhotoFiles(deps.config, photo, false);
      try {
        await repo.setPrivate(tx, userId, photoId, false, moved);
      } catch (err) {
        await movePhotoFiles(deps.config, moved, true).catch(() => {});
        throw err;
      }
    }
    await repo.setMain(tx, userId, photoId);
  });
  return listMyPhotos(deps, userId);
}

/**
 * members.setPhotoPrivate: a private photo opens for free members only with photo_credits (§3);
 * premium members see it (§6).
 * @throws NotFoundError (not the member's photo), MainPhotoPublicError (making the main photo private).
 */
export async function setPhotoPrivate(
  deps: Pick<AppDeps, "db" | "config" | "mediaUrlSecret">,
  userId: number,
  photoId: number,
  isPrivate: boolean,
): Promise<MyPhotos> {
  await inTransaction(deps.db, async (tx) => {
    await lockMembersForUpdate(tx, [userId]);
    const photo = await repo.findOwnPhoto(tx, userId, photoId);
    // A photo hidden by an operator (issue 10) keeps its files out of the public directory.
    if (!photo || photo.status === "hidden") throw new NotFoundError("This photo could not be found.");
    if (isPrivate && photo.is_main) throw new MainPhotoPublicError();
    if (photo.is_private === isPrivate) return;
    // New names in the other directory: the photo's old public address answers 404 from now on.
    const moved = await movePhotoFiles(deps.config, photo, isPrivate);
    try {
      await repo.setPrivate(tx, userId, photoId, isPrivate, moved);
    } catch (err) {
      await movePhotoFiles(deps.config, moved, !isPrivate).catch(() => {});
      throw err;
    }
  });
  return listMyPhotos(deps, userId);
}

/**
 * members.deletePhoto: delete the row (unlocks of it go with it) and then its files. When it was
 * the main photo, the member's first active public photo becomes main (photo-moderation
 * findNextMainCandidate): never a pending photo no operator has approved (photo_moderation
 * 'pre'), nor one an operator hid, nor a private one (that would publish it, §6); when none is
 * left, none is main and the §2 profile-photo alert shows.
 * A photo an operator hid (issue 10) goes with its files like any other: its files are kept
 * (out of public view) only until the owner deletes it, and the decision stays in the audit.
 * @returns the member's photos after (MyPhotos).
 * @throws NotFoundError when the photo is not the member's.
 */
export async function deletePhoto(
  deps: Pick<AppDeps, "db" | "config" | "mediaUrlSecret">,
  userId: number,
  photoId: number,
): Promise<MyPhotos> {
  const removed = await inTransaction(deps.db, async (tx) => {
    await lockMembersForUpdate(tx, [userId]);
    const photo = await repo.findOwnPhoto(tx, userId, photoId);
    if (!photo) throw new NotFoundError("This photo could not be found.");
    await repo.deletePhotoRow(tx, userId, photoId);
    if (photo.is_main) {
      const next = await findNextMainCandidate(tx, userId);
      if (next) await repo.setMain(tx, userId, next.id);
    }
    return photo;
  });
  await deletePhotoFiles(deps.config, removed);
  return listMyPhotos(deps, userId);
}

/**
 * GET /media/p/<photoId>/<variant>: the file behind a private photo's viewer-bound URL
 * (members.photos.ts privatePhotoUrl), for the member whose session fetches it.
 *  - A member: the photo is private and active (the owner's own pending one too), its owner is
 *    visible to the viewer by the one visibility rule (members.service isVisibleTo: not banned,
 *    suspended, invisible or pending deletion, §4), and there is no block either way (§4, §6), all
 *    checked at every fetch, so a URL issued before a ban, invisibility or block dies with it.
 *    The owner always sees their own photo.
 *  - An operator (moderation isOperator): any photo whose files are in the private directory
 *    (private, or hidden by an operator), whatever its status or owner: the review queue
 *    (photo-moderation listPhotosForReview) issues them such URLs.
 * @param expiresAt / signature the URL's `e` (unix seconds) and `s`.
 * @returns the file's path and how many seconds the URL stays valid (its cache lifetime).
 * @throws NotFoundError for another viewer, a bad or expired signature, a photo that is no
 *         longer private (its file moved: the URL died with it) or that the viewer may not see
 *         (a block either way included).
 */
export async function openPrivatePhoto(
  deps: Pick<AppDeps, "db" | "config" | "mediaUrlSecret">,
  viewerId: number,
  photoId: number,
  variant: PhotoVariant,
  expiresAt: number,
  signature: string,
): Promise<{ path: string; maxAgeSeconds: number }> {
  const left = verifyPrivatePhotoUrl(deps.mediaUrlSecret, photoId, variant, viewerId, expiresAt, signature);
  if (left === null) throw new NotFoundError("This photo could not be found.");
  const photo = await repo.findPhotoFiles(deps.db, photoId);
  if (!photo) throw new NotFoundError("This photo could not be found.");
  const inPrivateDir = photo.is_private || photo.status === "hidden";
  if (!inPrivateDir) throw new NotFoundError("This photo could not be found.");
  const name = variant === "full" ? photo.filename : photo.thumb_filename;
  const file = { path: path.join(deps.config.privateMediaDir, path.basename(name)), maxAgeSeconds: left };
  // Operators review every photo, whoever and wherever it is; the role is read at each fetch.
  if (!(await mayMemberOpen(deps, viewerId, photo)) && !(await isOperator(deps, viewerId)))
    throw new NotFoundError("This photo could not be found.");
  return file;
}

/** The member rules of openPrivatePhoto: status, the one visibility rule, blocks (§4, §6). */
async function mayMemberOpen(
  deps: Pick<AppDeps, "db">,
  viewerId: number,
  photo: NonNullable<Awaited<ReturnType<typeof repo.findPhotoFiles>>>,
): Promise<boolean> {
  const isOwn = photo.profile_id === viewerId;
  if (!photo.is_private) return false;
  if (photo.status !== "active" && !(isOwn && photo.status === "pending")) return false;
  if (!isVisibleTo(viewerId, { ...photo, id: photo.profile_id })) return false;
  // §4: a block either way closes the other's private photos at once, even through a URL issued before it.
  try {
    await assertNotBlocked(deps.db, viewerId, photo.profile_id);
  } catch (err) {
    if (err instanceof BlockedError) return false;
    throw err;
  }
  return true;
}

/**
 * At start-up: move the files of private photos still in the public directory (stored before
 * private photos had their own) out of it, under new names, so no private photo is served
 * statically. Idempotent; costs one query and a file check per private photo.
 * @returns how many photos were moved.
 */
export async function secureStoredPrivatePhotos(deps: Pick<AppDeps, "db" | "config" | "log">): Promise<number> {
  let moved = 0;
  for (const photo of await repo.findPrivatePhotos(deps.db)) {
    if (!fs.existsSync(path.join(deps.config.mediaDir, path.basename(photo.filename)))) continue;
    const files = await movePhotoFiles(deps.config, photo, true);
    await repo.setPhotoFiles(deps.db, photo.id, files);
    moved++;
  }
  if (moved > 0) deps.log.info({ moved }, "private photos moved out of the public media directory");
  return moved;
}
