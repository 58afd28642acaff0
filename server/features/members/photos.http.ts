import type { FastifyInstance, FastifyReply } from "fastify";
import fastifyMultipart from "@fastify/multipart";
import type { AppDeps } from "../../deps.js";
import { DomainError } from "../../domain-error.js";
import { httpStatusOf } from "../../http/errors.js";
import { isForeignRequest, refuseForeign } from "../../http/request-guard.js";
import { appCookiesOf } from "../../http/session-cookie.js";
import { resolveSession } from "../accounts/sessions.service.js";
import { addPhoto, InvalidImageError, MAX_PHOTO_UPLOAD_BYTES, PhotoTooLargeError } from "./photos.service.js";

export const PHOTO_UPLOAD_PATH = "/media/upload";

function sendDomainError(reply: FastifyReply, err: DomainError) {
  const status = httpStatusOf(err.code);
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
 * 413 PHOTO_TOO_LARGE; 403 PHOTO_LIMIT (§5, §9: 3 free, 25 premium). Nothing is stored on error.
 */
export function photoRoutes(deps: AppDeps) {
  return async function (app: FastifyInstance) {
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

        let buffer: Buffer;
        let isPrivate: boolean;
        try {
          const part = await req.file();
          if (!part) return sendDomainError(reply, new InvalidImageError());
          buffer = await part.toBuffer();
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
          const photo = await addPhoto(deps, member.id, buffer, { private: isPrivate });
          return reply.code(201).send({ photo });
        } catch (err) {
          if (err instanceof DomainError) return sendDomainError(reply, err);
          throw err;
        }
      });
    });
  };
}
