import { dateTimeFormat } from "./intl";

/**
 * A moment in a list (issue 11): today's as a time ('14:05'), an earlier day's as a short date
 * ('21/11/2026'), in `locale`. `now` is for tests; it defaults to the browser's clock.
 */
export function formatWhen(date: Date, locale: string, now: Date = new Date()): string {
  const sameDay =
    date.getFullYear() === now.getFullYear() && date.getMonth() === now.getMonth() && date.getDate() === now.getDate();
  return dateTimeFormat(locale, sameDay ? { timeStyle: "short" } : { dateStyle: "short" }).format(date);
}

/**
 * Whole years between an ISO date ('YYYY-MM-DD') and `now`, on the member's own calendar (local
 * time); the server counts again in UTC (server/validation.ts). §5: the minimum age.
 */
export function ageOn(iso: string, now: Date = new Date()): number {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  let age = now.getFullYear() - y;
  if (now.getMonth() + 1 < m || (now.getMonth() + 1 === m && now.getDate() < d)) age--;
  return age;
}

/** One part of a calendar date as a member types it. */
export type DatePart = "day" | "month" | "year";

/**
 * The order in which `locale` writes day, month and year in a numeric date: en (US) month, day,
 * year; de, fr, nl, pl, it, es day, month, year. Read from Intl, so a new language needs no table.
 */
export function datePartOrder(locale: string): DatePart[] {
  return dateTimeFormat(locale, { year: "numeric", month: "numeric", day: "numeric", timeZone: "UTC" })
    .formatToParts(Date.UTC(2000, 0, 15))
    .map((p) => p.type)
    .filter((type): type is DatePart => type === "day" || type === "month" || type === "year");
}

/** The twelve month names of `locale`, standalone ('January', 'styczeń'), January first. */
export function monthNames(locale: string): string[] {
  const f = dateTimeFormat(locale, { month: "long", timeZone: "UTC" });
  return Array.from({ length: 12 }, (_, i) => f.format(Date.UTC(2000, i, 1)));
}

/** A date as three typed parts: day '1'–'31', month '1'–'12', year four digits ('' when not set). */
export interface DateParts {
  day: string;
  month: string;
  year: string;
}

/**
 * The ISO date ('YYYY-MM-DD') the three parts name. '' when none is filled in; 'invalid' when a
 * part is missing or malformed or the date does not exist (31 April, 29 February 2001), so a
 * form's pattern check refuses it with the field's own message.
 */
export function isoDateOf({ day, month, year }: DateParts): string {
  if (day === "" && month === "" && year === "") return "";
  if (!/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) return "invalid";
  const [d, m, y] = [Number(day), Number(month), Number(year)];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return "invalid";
  return `${year}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** The parts of an ISO date ('1991-06-05' → day '5', month '6', year '1991'); all '' for anything else. */
export function datePartsOf(iso: string | undefined): DateParts {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? "");
  if (!match) return { day: "", month: "", year: "" };
  return { day: String(Number(match[3])), month: String(Number(match[2])), year: match[1]! };
}
