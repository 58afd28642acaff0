import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

/**
 * Photo files under config.mediaDir (served at /media/<filename>). Every photo is stored in
 * three variants, each under its own unguessable name (128 random bits): a URL is a capability
 * the server hands out only to members allowed to see it (ARCHITECTURE "Photos a free member
 * may not see are never sent to that member's browser at full size"), so the blurred name
 * reveals nothing about the sharp ones.
 */
export const PHOTO_SIZE_PX = 480;
export const THUMB_SIZE_PX = 160;
/** Gaussian sigma of the blurred thumbnail shown behind the §2 lock overlay. */
export const BLUR_SIGMA = 12;

export interface StoredPhotoFiles {
  filename: string;
  thumb_filename: string;
  blurred_filename: string;
}

function randomName(): string {
  return `${crypto.randomBytes(16).toString("hex")}.webp`;
}

/**
 * Encode an image (any format sharp reads: SVG, JPEG, PNG, WebP…) into the three WebP
 * variants — full 480×480, thumbnail 160×160, blurred thumbnail 160×160 — cropped to a
 * square, EXIF orientation applied and metadata dropped, and write them under `mediaDir`.
 * The image is decoded once; the variants are encoded from the decoded pixels.
 *
 * @returns the three file names (relative to mediaDir).
 * @throws sharp's error when the input is not a readable image (nothing is written then).
 */
export async function storePhoto(mediaDir: string, input: Buffer): Promise<StoredPhotoFiles> {
  const full = await sharp(input, { limitInputPixels: 40_000_000 })
    .rotate()
    .resize(PHOTO_SIZE_PX, PHOTO_SIZE_PX, { fit: "cover", position: "attention" })
    .flatten({ background: "#ffffff" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const fullRaw = { raw: { width: full.info.width, height: full.info.height, channels: full.info.channels } };
  const thumb = await sharp(full.data, fullRaw)
    .resize(THUMB_SIZE_PX, THUMB_SIZE_PX)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const thumbRaw = { raw: { width: thumb.info.width, height: thumb.info.height, channels: thumb.info.channels } };
  const [fullWebp, thumbWebp, blurredWebp] = await Promise.all([
    sharp(full.data, fullRaw).webp({ quality: 80, effort: 2 }).toBuffer(),
    sharp(thumb.data, thumbRaw).webp({ quality: 78, effort: 2 }).toBuffer(),
    sharp(thumb.data, thumbRaw).blur(BLUR_SIGMA).webp({ quality: 60, effort: 2 }).toBuffer(),
  ]);
  const names: StoredPhotoFiles = {
    filename: randomName(),
    thumb_filename: randomName(),
    blurred_filename: randomName(),
  };
  await fs.mkdir(mediaDir, { recursive: true });
  await Promise.all([
    fs.writeFile(path.join(mediaDir, names.filename), fullWebp),
    fs.writeFile(path.join(mediaDir, names.thumb_filename), thumbWebp),
    fs.writeFile(path.join(mediaDir, names.blurred_filename), blurredWebp),
  ]);
  return names;
}

/**
 * Where photo files live: public ones in `mediaDir` (served at /media/<name>, cached for a year),
 * the full size and thumbnail of private photos in `privateMediaDir`, which nothing serves
 * statically: only viewer-bound, expiring URLs reach them (members.photos.ts). The blurred
 * thumbnail stays public: it is what a free member is shown.
 */
export interface PhotoDirs {
  mediaDir: string;
  privateMediaDir: string;
}

/**
 * Move a photo's full size and thumbnail between the public and the private directory under new
 * unguessable names, so an address known before the move answers 404 afterwards.
 * @returns the files' new names (the blurred thumbnail keeps its name).
 */
export async function movePhotoFiles(
  dirs: PhotoDirs,
  files: StoredPhotoFiles,
  toPrivate: boolean,
): Promise<StoredPhotoFiles> {
  const [from, to] = toPrivate ? [dirs.mediaDir, dirs.privateMediaDir] : [dirs.privateMediaDir, dirs.mediaDir];
  await fs.mkdir(to, { recursive: true });
  const moved = { ...files, filename: randomName(), thumb_filename: randomName() };
  await fs.rename(path.join(from, path.basename(files.filename)), path.join(to, moved.filename));
  await fs.rename(path.join(from, path.basename(files.thumb_filename)), path.join(to, moved.thumb_filename));
  return moved;
}

/** Where a photo's files are: its full size and thumbnail, and its blurred thumbnail ('public' or 'private'). */
export interface PhotoPlacement {
  sharp: "public" | "private";
  blurred: "public" | "private";
}

/**
 * Move the files of a photo whose place changes (`from` → `to`) under new unguessable names, so
 * an address known before the move answers 404 afterwards; a file that stays keeps its name.
 * Used to take every file of a photo an operator hid out of the public directory, its blurred
 * copy included (issue 10), and to put them back when an operator approves it after all.
 * @returns the photo's file names after the move.
 */
export async function placePhotoFiles(
  dirs: PhotoDirs,
  files: StoredPhotoFiles,
  from: PhotoPlacement,
  to: PhotoPlacement,
): Promise<StoredPhotoFiles> {
  const dirOf = (place: "public" | "private") => (place === "public" ? dirs.mediaDir : dirs.privateMediaDir);
  const moved = { ...files };
  const moves: Array<[keyof StoredPhotoFiles, "public" | "private", "public" | "private"]> = [
    ["filename", from.sharp, to.sharp],
    ["thumb_filename", from.sharp, to.sharp],
    ["blurred_filename", from.blurred, to.blurred],
  ];
  for (const [key, source, target] of moves) {
    if (source === target) continue;
    await fs.mkdir(dirOf(target), { recursive: true });
    moved[key] = randomName();
    await fs.rename(path.join(dirOf(source), path.basename(files[key])), path.join(dirOf(target), moved[key]));
  }
  return moved;
}

/** Remove a photo's files, wherever they are (missing files are ignored). */
export async function deletePhotoFiles(dirs: PhotoDirs, files: StoredPhotoFiles): Promise<void> {
  await Promise.all(
    [dirs.mediaDir, dirs.privateMediaDir].flatMap((dir) =>
      [files.filename, files.thumb_filename, files.blurred_filename].map((f) =>
        fs.rm(path.join(dir, path.basename(f)), { force: true }),
      ),
    ),
  );
}

/**
 * Run `task` over `items` with at most `concurrency` at a time (image encoding is CPU-bound:
 * more tasks than cores only adds memory). Results keep the order of `items`.
 */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  return results;
}
