import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { z, type ZodError } from "zod";
import type { AppErrorCode } from "../domain-error.js";
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
