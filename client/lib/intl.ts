/**
 * Shared `Intl` formatters, one per locale and options. Building a formatter loads locale data
 * and costs far more than formatting with it; list screens (twenty search cards, a conversation)
 * would otherwise build one per row on every render (issue 11: main-thread time on /members).
 * Formatters are immutable, so sharing them is safe.
 */
const formatters = new Map<string, unknown>();

function memoized<T>(key: string, build: () => T): T {
  let f = formatters.get(key) as T | undefined;
  if (f === undefined) {
    f = build();
    formatters.set(key, f);
  }
  return f;
}

/** Country names (ISO 3166-1 alpha-2 code → name) in `locale` (one of the seven §4 codes). */
export function regionNames(locale: string): Intl.DisplayNames {
  return memoized(`region\u0000${locale}`, () => new Intl.DisplayNames([locale], { type: "region" }));
}

/** "3 hours ago", "yesterday" in `locale` (`numeric: "auto"`). */
export function relativeTimeFormat(locale: string): Intl.RelativeTimeFormat {
  return memoized(`relative\u0000${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: "auto" }));
}

/** Dates and times in `locale` with `options` (a literal per call site, so the key stays small). */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return memoized(
    `date\u0000${locale}\u0000${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, options),
  );
}

/** Money in `currency` (ISO 4217) in `locale`. */
export function currencyFormat(locale: string, currency: string): Intl.NumberFormat {
  return memoized(
    `currency\u0000${locale}\u0000${currency}`,
    () => new Intl.NumberFormat(locale, { style: "currency", currency }),
  );
}

/** Whole numbers in `locale`: 1500 → "1,500" (en), "1.500" (de, nl), "1 500" (fr, pl). */
export function integerFormat(locale: string): Intl.NumberFormat {
  return memoized(`integer\u0000${locale}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }));
}

/** A country's name in `locale` (ISO alpha-2 in, e.g. "NL" → "Netherlands"); the code itself when unknown or malformed. */
export function countryName(code: string, locale: string): string {
  try {
    return regionNames(locale).of(code) ?? code;
  } catch {
    return code; // RangeError: not a region code
  }
}

/** `codes` sorted by their country names in `locale`, each with its name (for country `<select>`s). */
export function byCountryName(codes: readonly string[], locale: string): { code: string; name: string }[] {
  const collator = memoized(`collator\u0000${locale}`, () => new Intl.Collator(locale));
  return codes
    .map((code) => ({ code, name: countryName(code, locale) }))
    .sort((a, b) => collator.compare(a.name, b.name));
}
