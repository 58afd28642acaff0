import fs from "node:fs";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import fastifyMultipart from "@fastify/multipart";
import type { AppDeps } from "../../deps.js";
import { DomainError, retryAfterSecondsOf } from "../../domain-error.js";
import { httpStatusOf } from "../../http/errors.js";
import { isForeignRequest, refuseForeign } from "../../http/request-guard.js";
import { appCookiesOf } from "../../http/session-cookie.js";
import { resolveSession } from "../accounts/sessions.service.js";
import { getSiteForHost } from "../site/site.service.js";
import {
  addPhoto,
  InvalidImageError,
  MAX_PHOTO_UPLOAD_BYTES,
  openPrivatePhoto,
  PhotoTooLargeError,
} from "./photos.service.js";
import { Id, MAX_EPOCH_MS, wholeNumber } from "../../validation.js";

export const PHOTO_UPLOAD_PATH = "/media/upload";
export const PRIVATE_PHOTO_ROUTE = "/media/p/:photoId/:variant";

const PrivatePhotoRequest = z.object({
  photoId: Id,
  variant: z.enum(["full", "thumb"]),
  e: wholeNumber(1, MAX_EPOCH_MS / 1000),
  s: z.string().max(100),
});

function sendDomainError(reply: FastifyReply, err: DomainError) {
  const status = httpStatusOf(err.code);
  const wait = retryAfterSecondsOf(err);
  if (wait !== undefined) reply.header("retry-after", String(wait));
  return reply
    .code(status)
    .send({ error: err.code.toLowerCase(), appCode: err.code, message: err.message, details: err.details ?? null });
}

/**
 * POST /media/upload — add a photo to the logged-in member's profile (§2 /profile photo
 * management). tRPC takes no multipart bodies, so this one route lives beside it.
 *
 * Input: multipart/form-data with one file part (any field name; at most 8 MB) and optionally a
 * field `private` ("true") sent before the file. Auth: the `auth` cookie, resolved as the tRPC
 * context does. Cross-site requests are refused (http/request-guard.ts).
 * Output: 201 { photo: { id, isMain, isPrivate, url, thumbUrl } }.
 * Errors (JSON { error, appCode, message, details }): 403 origin_not_allowed; 403
 * authentication_required; 400 INVALID_IMAGE (not a JPEG, PNG, WebP, GIF or AVIF; no file);
 * 413 PHOTO_TOO_LARGE; 403 PHOTO_LIMIT (§5, §9: 3 free, 25 premium); 429 RATE_LIMITED with Retry-After
 * (RATE_LIMIT_UPLOAD). Nothing is stored on error.
 */
export function photoRoutes(deps: AppDeps) {
  return async function (app: FastifyInstance) {
    /**
     * GET /media/p/<photoId>/<full|thumb>?e=<unix s>&s=<signature> — a private photo, for the member
     * the URL was issued to (their `auth` cookie), until it expires (members.photos.ts). Answers the
     * WebP file with `cache-control: private, max-age=<seconds left>`; 404 for anyone else, a bad or
     * expired URL, or a photo that is no longer private.
     */
    app.get(PRIVATE_PHOTO_ROUTE, async (req, reply) => {
      const parsed = PrivatePhotoRequest.safeParse({ ...(req.params as object), ...(req.query as object) });
      const notFound = () => reply.code(404).send({ error: "not_found", message: "This photo could not be found." });
      if (!parsed.success) return notFound();
      const { sessionToken } = appCookiesOf(req.headers);
      const viewer = sessionToken ? await resolveSession(deps, sessionToken) : null;
      if (!viewer) return notFound();
      try {
        const { photoId, variant, e, s } = parsed.data;
        const file = await openPrivatePhoto(deps, viewer.id, photoId, variant, e, s);
        const stream = fs.createReadStream(file.path);
        await new Promise<void>((resolve, reject) => stream.once("open", () => resolve()).once("error", reject));
        return reply
          .type("image/webp")
          .header("cache-control", `private, max-age=${file.maxAgeSeconds}`)
          .header("x-content-type-options", "nosniff")
          .send(stream);
      } catch (err) {
        if (err instanceof DomainError || (err as { code?: string }).code === "ENOENT") return notFound();
        throw err;
      }
    });

    await app.register(async (scope) => {
      await scope.register(fastifyMultipart, {
        limits: { fileSize: MAX_PHOTO_UPLOAD_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
      });
      scope.post(PHOTO_UPLOAD_PATH, async (req, reply) => {
        if (isForeignRequest(req, deps.config)) return refuseForeign(reply);
        const { sessionToken } = appCookiesOf(req.headers);
        const member = sessionToken ? await resolveSession(deps, sessionToken) : null;
        if (!member)
          return reply.code(403).send({
            error: "authentication_required",
            appCode: "AUTHENTICATION_REQUIRED",
            message: "authentication_required",
          });
        if (!req.isMultipart()) return sendDomainError(reply, new InvalidImageError());
        try {
          await deps.rateLimits.consume("upload", member.id); // issue 10: uploads per member
        } catch (err) {
          if (err instanceof DomainError) return sendDomainError(reply, err);
          throw err;
        }

        let buffer: Buffer;
        let isPrivate: boolean;
        try {
          const part = await req.file();
          if (!part) return sendDomainError(reply, new InvalidImageError());
          buffer = await part.toBuffer();
          // @fastify/multipart checks the size limit per chunk read: a file cut at its last chunk
          // comes back truncated without the error, so the flag is checked here too.
          if (part.file.truncated) return sendDomainError(reply, new PhotoTooLargeError());
          const field = part.fields.private;
          const value = field && !Array.isArray(field) && field.type === "field" ? String(field.value) : "";
          isPrivate = value === "true" || value === "1";
        } catch (err) {
          if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE")
            return sendDomainError(reply, new PhotoTooLargeError());
          req.log.info({ err }, "photo upload: unreadable multipart body");
          return sendDomainError(reply, new InvalidImageError());
        }
        try {
          const site = await getSiteForHost(deps, req.headers.host ?? null);
          const photo = await addPhoto(deps, member.id, buffer, site, { private: isPrivate });
          return reply.code(201).send({ photo });
        } catch (err) {
          if (err instanceof DomainError) return sendDomainError(reply, err);
          throw err;
        }
      });
    });
  };
}
