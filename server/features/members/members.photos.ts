/** Public URL of a stored media file (photos are served from var/media at /media). */
export function mediaUrl(filename: string): string {
  return `/media/${filename}`;
}
