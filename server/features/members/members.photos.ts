import crypto from "node:crypto";

/** Public URL of a stored media file (public photos are served from DATA_DIR/media at /media). */
export function mediaUrl(filename: string): string {
  return `/media/${filename}`;
}

/** How long a private photo's URL works: long enough for a page view, short enough not to be shared. */
export const PRIVATE_PHOTO_URL_TTL_SECONDS = 3600;

/** The sizes of a photo a private URL may name. */
export type PhotoVariant = "full" | "thumb";

function signature(
  secret: string,
  photoId: number,
  variant: PhotoVariant,
  viewerId: number,
  expiresAt: number,
): string {
  return crypto
    .createHmac("sha256", secret)
    .update(`${photoId}.${variant}.${viewerId}.${expiresAt}`)
    .digest("base64url");
}

/**
 * The URL of a private photo for one viewer (ARCHITECTURE: photos a member may not see are never
 * sent to them): `/media/p/<photoId>/<variant>?e=<unix seconds>&s=<HMAC-SHA256>`, bound to the
 * viewer's member id (checked against their session when the URL is fetched) and valid
 * PRIVATE_PHOTO_URL_TTL_SECONDS. Issue it only to a viewer who may see the photo.
 * @param secret the media-URL key (deps.mediaUrlSecret).
 * @param nowMs the clock (tests pass another).
 */
export function privatePhotoUrl(
  secret: string,
  photoId: number,
  variant: PhotoVariant,
  viewerId: number,
  nowMs = Date.now(),
): string {
  const expiresAt = Math.floor(nowMs / 1000) + PRIVATE_PHOTO_URL_TTL_SECONDS;
  return `/media/p/${photoId}/${variant}?e=${expiresAt}&s=${signature(secret, photoId, variant, viewerId, expiresAt)}`;
}

/**
 * A photo URL issued to someone (a report's copy of a profile keeps the reporter's) made usable by
 * `viewerId`: a private photo's URL is signed again for them, for PRIVATE_PHOTO_URL_TTL_SECONDS;
 * a public address, or anything else, is returned as it is. The server still checks, at the
 * fetch, that this viewer may open the photo (photos.service openPrivatePhoto).
 */
export function reissuedPhotoUrl(secret: string, url: string, viewerId: number): string {
  const m = /^\/media\/p\/([1-9][0-9]{0,9})\/(full|thumb)\?/.exec(url);
  return m ? privatePhotoUrl(secret, Number(m[1]), m[2] as PhotoVariant, viewerId) : url;
}

/**
 * Check a private photo URL for the viewer fetching it.
 * @returns the seconds it stays valid, or null (bad signature, another viewer, expired).
 */
export function verifyPrivatePhotoUrl(
  secret: string,
  photoId: number,
  variant: PhotoVariant,
  viewerId: number,
  expiresAt: number,
  given: string,
  nowMs = Date.now(),
): number | null {
  const left = expiresAt - Math.floor(nowMs / 1000);
  if (!Number.isSafeInteger(expiresAt) || left <= 0) return null;
  const expected = Buffer.from(signature(secret, photoId, variant, viewerId, expiresAt));
  const actual = Buffer.from(given);
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual) ? left : null;
}

/**
 * A photo's full-size and thumbnail URLs for `viewerId`: the public addresses of a public photo,
 * viewer-bound expiring ones of a private photo.
 */
export function photoUrlsFor(
  secret: string,
  photo: { id: number; is_private: boolean; filename: string; thumb_filename: string },
  viewerId: number,
): { url: string; thumbUrl: string } {
  if (!photo.is_private) return { url: mediaUrl(photo.filename), thumbUrl: mediaUrl(photo.thumb_filename) };
  return {
    url: privatePhotoUrl(secret, photo.id, "full", viewerId),
    thumbUrl: privatePhotoUrl(secret, photo.id, "thumb", viewerId),
  };
}
