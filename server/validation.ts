import { z } from "zod";

/**
 * Text a member typed, made safe to store: NUL and other control characters (but tab and
 * new line) and lone surrogates are refused with a reason, not passed on to PostgreSQL
 * (which cannot store NUL and would silently mangle a lone surrogate).
 */
export function safeText(opts: { min?: number; max: number; multiline?: boolean; label?: string }) {
  const label = opts.label ?? "Text";
  // Matching control characters is the point: they are refused in text fields.
  // eslint-disable-next-line no-control-regex
  const control = opts.multiline ? /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/ : /[\u0000-\u001F\u007F]/;
  let s = z.string().trim();
  if (opts.min) s = s.min(opts.min, { message: `${label} is too short` });
  return s
    .max(opts.max, { message: `${label} is too long (at most ${opts.max} characters)` })
    .refine((v) => v.isWellFormed(), { message: `${label} contains invalid characters` })
    .refine((v) => !control.test(v), { message: `${label} contains invalid characters` });
}

/** A positive database id (integer column). */
export const Id = z.coerce.number().int().positive().max(2_147_483_647);

/** Whole years between an ISO date (YYYY-MM-DD) and `now`, in UTC. */
export function ageOn(isoDate: string, now = new Date()): number {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age--;
  return age;
}
