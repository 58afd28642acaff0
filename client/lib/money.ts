import { currencyFormat } from "./intl";

/**
 * Money as the member reads it: integer cents formatted in their language and the payment's
 * currency (e.g. 1999 EUR → "€19.99" in en, "19,99 €" in de).
 */
export function formatMoney(cents: number, currency: string, locale: string): string {
  return currencyFormat(locale, currency).format(cents / 100);
}

/** §4, §9: seconds as zero-padded hours:minutes:seconds ("03:59:07"). */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}
