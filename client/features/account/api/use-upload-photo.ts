import { useMutation } from "@tanstack/react-query";
import { useInvalidatePhotos } from "./use-my-photos";

/** What POST /media/upload answers with (server/features/members/photos.http.ts). */
export interface UploadedPhoto {
  id: number;
  isMain: boolean;
  isPrivate: boolean;
  url: string;
  thumbUrl: string;
}

/** A refused upload: `appCode` (PHOTO_LIMIT, INVALID_IMAGE, PHOTO_TOO_LARGE…) is read by useErrorText. */
export class UploadPhotoError extends Error {
  constructor(
    message: string,
    readonly appCode: string | null,
    readonly details: Record<string, unknown>,
    readonly status: number,
  ) {
    super(message);
    this.name = "UploadPhotoError";
  }
}

/**
 * Add a photo (§2 /profile photo management). tRPC takes no files, so this posts multipart
 * form data to POST /media/upload with the session cookie (same origin), then refetches
 * members.myPhotos and accounts.me (the first photo becomes the main image).
 */
export function useUploadPhoto() {
  const invalidate = useInvalidatePhotos();
  return useMutation({
    mutationFn: async ({ file, isPrivate = false }: { file: Blob; isPrivate?: boolean }): Promise<UploadedPhoto> => {
      const form = new FormData();
      if (isPrivate) form.append("private", "true");
      form.append("photo", file, file instanceof File ? file.name : "photo");
      const res = await fetch("/media/upload", { method: "POST", body: form, credentials: "same-origin" });
      const body = (await res.json().catch(() => ({}))) as {
        photo?: UploadedPhoto;
        appCode?: string;
        message?: string;
        details?: Record<string, unknown> | null;
      };
      if (!res.ok || !body.photo)
        throw new UploadPhotoError(
          body.message ?? `Upload failed (${res.status})`,
          body.appCode ?? null,
          body.details ?? {},
          res.status,
        );
      return body.photo;
    },
    onSettled: invalidate,
  });
}
