import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { z, type ZodError } from "zod";
import type { AppErrorCode } from "../domain-error.js";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { isDatabaseUnavailable } from "../../db/create-db.js";
import { ServiceUnavailableError } from "../domain-error.js";
import { TRPC_CODE_OF } from "../trpc/errors.js";

/**
 * The HTTP status of an application error code: the same mapping as tRPC's (server/trpc/errors.ts
 * TRPC_CODE_OF, then tRPC's own code → status table), so tRPC, the legacy API and the plain
 * HTTP routes (photo upload, webhooks) answer alike.
 */
export function httpStatusOf(code: AppErrorCode): number {
  return getHTTPStatusCodeFromError(new TRPCError({ code: TRPC_CODE_OF[code] }));
}

/**
 * A validation error as field → messages (`_form` for errors of the whole input), for tRPC's
 * error data (`fieldErrors`) and the legacy answer (`fields`) alike.
 */
export function fieldErrorsOf(err: ZodError): Record<string, string[]> {
  const flat = z.flattenError(err);
  const fields: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(flat.fieldErrors)) if (Array.isArray(v) && v.length) fields[k] = v as string[];
  if (flat.formErrors.length) fields._form = flat.formErrors;
  return fields;
}

/** Seconds a client should wait before retrying a 503 (the database restarting), sent as Retry-After. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * The root error handler of the plain HTTP routes (photo upload, webhooks, media):
 * - a lost database connection: 503 with Retry-After and the SERVICE_UNAVAILABLE code;
 * - a client error Fastify raised itself (4xx: a body too large, a bad content type, a path the
 *   static files refuse): Fastify's own answer;
 * - anything else, a fault of ours: logged, and answered 500 `{ error: "internal_error",
 *   message }` with the §8 wording, never the error's own message (it could say how the server
 *   works inside).
 * The legacy API and tRPC map the same conditions themselves.
 */
export function rootErrorHandler(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  if (isDatabaseUnavailable(err)) {
    const unavailable = new ServiceUnavailableError();
    return reply
      .code(503)
      .header("retry-after", String(RETRY_AFTER_SECONDS))
      .send({ error: "service_unavailable", message: unavailable.message });
  }
  const status = (err as FastifyError).statusCode;
  if (status !== undefined && status >= 400 && status < 500) throw err;
  req.log.error({ err }, "unhandled error");
  return reply.code(500).send({ error: "internal_error", message: "An error has occurred" });
}
