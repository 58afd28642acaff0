/**
 * A `next` page from the URL (after login, after confirming a mandate), followed only when it is a
 * path of this site: it starts with one "/" and holds no backslash or control character (browsers
 * read "/\evil.example" and "/\t/evil.example" as "//evil.example", another site).
 * @param next the query parameter, or null.
 * @returns `next` when it is a same-site path, else null.
 */
export function sameSitePath(next: string | null): string | null {
  if (!next || !next.startsWith("/") || next.startsWith("//")) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  return /[\\\u0000-\u001f\u007f]/.test(next) ? null : next;
}
