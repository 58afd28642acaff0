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
