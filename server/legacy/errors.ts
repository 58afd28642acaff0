import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { ZodError } from "zod";
import { isDatabaseUnavailable } from "../../db/create-db.js";
import { DomainError, retryAfterSecondsOf, ServiceUnavailableError } from "../domain-error.js";
import { fieldErrorsOf, httpStatusOf, RETRY_AFTER_SECONDS } from "../http/errors.js";

/**
 * The legacy API's error answer: `{ error, message, details?, fields? }`.
 * `error` is the application code in snake case (§4: `authentication_required`), `message`
 * the §8 wording where the spec has one.
 */
export interface LegacyErrorBody {
  error: string;
  message: string;
  details?: Record<string, string | number>;
  fields?: Record<string, string[]>;
}

/** A 4xx answer the handlers raise themselves (bad query, missing field). */
export class LegacyHttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The one error handler of the legacy scope: domain errors by their code, validation errors
 * as 400 with the reasons, Fastify's own 4xx (bad JSON, body too large, unsupported media
 * type) with their reason, anything else a 500 that leaks nothing (§8 'An error has occurred').
 */
export function legacyErrorHandler(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  if (!(err instanceof DomainError) && isDatabaseUnavailable(err)) err = new ServiceUnavailableError();
  if (err instanceof DomainError) {
    if (err.code === "SERVICE_UNAVAILABLE") reply.header("retry-after", String(RETRY_AFTER_SECONDS));
    const wait = retryAfterSecondsOf(err); // a 429: an abuse limit, the login lockout, the daily likes
    if (wait !== undefined) reply.header("retry-after", String(wait));
    const body: LegacyErrorBody = { error: err.code.toLowerCase(), message: err.message };
    if (err.details) body.details = err.details;
    return reply.code(httpStatusOf(err.code)).send(body);
  }
  if (err instanceof ZodError) {
    const fields = fieldErrorsOf(err);
    const message = Object.values(fields).flat().join(" ") || "Invalid input";
    return reply.code(400).send({ error: "validation", message, fields } satisfies LegacyErrorBody);
  }
  if (err instanceof LegacyHttpError) {
    return reply.code(err.statusCode).send({ error: err.error, message: err.message } satisfies LegacyErrorBody);
  }
  const status = (err as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    const error =
      status === 413
        ? "payload_too_large"
        : status === 415
          ? "unsupported_media_type"
          : status === 404
            ? "not_found"
            : "bad_request";
    return reply.code(status).send({ error, message: err.message } satisfies LegacyErrorBody);
  }
  req.log.error({ err, url: req.url }, "legacy API request failed");
  return reply.code(500).send({ error: "internal_error", message: "An error has occurred" } satisfies LegacyErrorBody);
}
