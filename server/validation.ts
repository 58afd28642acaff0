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

/** The largest value of a PostgreSQL `integer` column: every integer input is bounded by its column. */
export const INT32_MAX = 2_147_483_647;

/**
 * A positive database id (integer column): a JSON number, or its plain decimal digits (a query
 * string's). Nothing else is read as a number: not `true`, `[1]`, `"0x10"`, `" 1 "` or `"1e3"`.
 */
export const Id = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^[0-9]{1,12}$/, { message: "Invalid id" })
      .transform(Number),
  ])
  .pipe(z.number().int().positive().max(INT32_MAX, { message: "Id out of range" }));

/**
 * A whole number from `min` to `max` (the bounds of its rule or column): a JSON number, or its
 * plain decimal digits (a query string's). As with Id, nothing else is read as a number: not
 * `true`, `"0x10"`, `"1e2"`, `" 1 "` or `""`.
 * @param messages the errors for a number below `min` and above `max`.
 */
export function wholeNumber(min: number, max: number, messages: { min?: string; max?: string } = {}) {
  return z
    .union([
      z.number(),
      z
        .string()
        .regex(/^[0-9]{1,15}$/, { message: "Invalid number" })
        .transform(Number),
    ])
    .pipe(
      z
        .number()
        .int()
        .min(min, messages.min ? { message: messages.min } : undefined)
        .max(max, messages.max ? { message: messages.max } : undefined),
    );
}

/** A per-conversation or per-member sequence number (integer column), 1 or more. */
export const Seq = z.number().int().positive().max(INT32_MAX, { message: "Sequence number out of range" });

/** A live event id as tRPC's tracked() sends it back: the decimal seq of an integer column, or "0". */
export const EventId = z
  .string()
  .regex(/^\d{1,10}$/, { message: "Invalid event id" })
  .refine((v) => Number(v) <= INT32_MAX, { message: "Event id out of range" });

/** Latest instant a timestamp input may name: 9999-12-31 (timestamptz and JS Date both hold it). */
export const MAX_EPOCH_MS = Date.UTC(9999, 11, 31);
/** A moment as milliseconds since 1970 (e.g. a push subscription's expirationTime), within 1970–9999. */
export const EpochMs = z.number().int().nonnegative().max(MAX_EPOCH_MS, { message: "Time out of range" });

/** An amount in cents (integer column), 1 or more. */
export const Cents = z.number().int().positive().max(INT32_MAX, { message: "Amount out of range" });

/** Whole years between an ISO date (YYYY-MM-DD) and `now`, in UTC. */
export function ageOn(isoDate: string, now = new Date()): number {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age--;
  return age;
}
