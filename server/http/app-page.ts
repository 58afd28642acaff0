import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { entryScreens } from "../../client/app/paths.js";

/** One chunk of Vite's build manifest (`dist/client/.vite/manifest.json`), the fields read here. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/** The app's HTML for one locale and screen, with its compressed forms (built once, then kept). */
export interface AppPageBody {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The app's HTML (`index.html` of the build), made for the page a visitor opens (issue 11, the
 * speed of a first visit). The SPA can only draw once its locale's catalogue and its screen's
 * chunk are in, and it learns their names only after the entry script has run: this adds, to the
 * entry's own `<link rel="modulepreload">`s, the catalogue of `locale` (§4: the locale cookie, or
 * the site's default) and the chunks of the screen at `pathname` (client/app/paths.ts
 * `entryScreens`), so the browser fetches them beside the entry instead of one round trip after it.
 * `<html lang>` is the locale too, so assistive technology reads the first paint in its language.
 * A browser without a session cookie is a visitor: the page says so (`<meta name="amora-session"
 * content="none">`), and the client draws its first screen without asking accounts.me first
 * (client/app/trpc-provider.tsx `prefetchFirstScreen`).
 *
 * Each form is built on first use and kept (7 locales × a few screens × visitor or not). Without a manifest (a
 * fixture, a build without one) or for a locale the build has no catalogue of, the page is the
 * plain index.html.
 */
export function createAppPages(clientDist: string): {
  /**
   * @param locale one of the seven (§2), or null when unknown (no preload, `lang` as built).
   * @param pathname the request's path, no query.
   * @param visitor true when the request carries no session cookie.
   * @returns the page, its brotli and gzip forms.
   */
  page(locale: string | null, pathname: string, visitor?: boolean): AppPageBody;
} {
  const template = fs.readFileSync(path.join(clientDist, "index.html"), "utf8");
  const manifestFile = path.join(clientDist, ".vite", "manifest.json");
  const manifest: Record<string, ManifestChunk> = fs.existsSync(manifestFile)
    ? (JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Record<string, ManifestChunk>)
    : {};
  // Files the HTML already loads: the entry's static graph.
  const inEntry = new Set<string>();
  const visit = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key, inEntry);
  const chunksOf = (key: string): string[] => {
    const files = new Set<string>();
    visit(key, files);
    return [...files].filter((file) => !inEntry.has(file));
  };

  const cache = new Map<string, AppPageBody>();
  return {
    page(locale, pathname, visitor = false) {
      const screen = entryScreens[pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname] ?? null;
      const key = `${locale ?? ""}|${screen ?? ""}|${visitor}`;
      let body = cache.get(key);
      if (!body) {
        const files = [...(locale ? chunksOf(`locales/${locale}.po`) : []), ...(screen ? chunksOf(screen) : [])];
        let html = template;
        if (locale && manifest[`locales/${locale}.po`])
          html = html.replace(/<html lang="[^"]*"/, `<html lang="${locale}"`);
        const tags = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
        if (visitor) tags.push('<meta name="amora-session" content="none">');
        if (tags.length > 0) html = html.replace("</head>", `  ${tags.join("\n    ")}\n  </head>`);
        body = {
          html,
          br: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
          gzip: zlib.gzipSync(html, { level: 9 }),
        };
        cache.set(key, body);
      }
      return body;
    },
  };
}
