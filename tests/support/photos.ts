import sharp from "sharp";
import { expect } from "vitest";

/** A 64×64 PNG of one colour (a CSS colour such as "#c36"): a real image for uploads. */
export function solidPng(background = "#c36"): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background } })
    .png()
    .toBuffer();
}

/** A photo as POST /media/upload answers it. */
export interface UploadedPhoto {
  id: number;
  isMain: boolean;
  status: string;
  url: string;
  thumbUrl: string;
}

/**
 * Upload a solid-colour photo as the member, the way the profile page does (multipart POST
 * /media/upload with the session cookie); expects 201.
 * @param server the test server (its `url`).
 */
export async function uploadPhoto(
  server: { url: string },
  member: { sessionToken: string },
  background = "#c36",
  opts: { isPrivate?: boolean } = {},
): Promise<UploadedPhoto> {
  const form = new FormData();
  if (opts.isPrivate) form.append("private", "true");
  form.append("photo", new Blob([new Uint8Array(await solidPng(background))], { type: "image/png" }), "me.png");
  const res = await fetch(`${server.url}/media/upload`, {
    method: "POST",
    body: form,
    headers: { cookie: `auth=${member.sessionToken}` },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { photo: UploadedPhoto }).photo;
}
