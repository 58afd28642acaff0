import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { entryScreens } from "../../client/app/paths.js";
import { generateMessageId } from "@lingui/message-utils/generateMessageId";
import { LOCALES } from "../constants.js";
import { mailI18n } from "../features/mail/mail.i18n.js";

/** One chunk of Vite's build manifest (`dist/client/.vite/manifest.json`), the fields read here. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/** What a page brings for its first screen (http/first-screen.ts FirstScreen). */
export interface FirstScreenOfPage {
  /** The procedures' answers, JSON-able: written into the page as a data block. */
  data: unknown;
  /** Same-site paths of the images the first screenful shows first: preloaded with high priority. */
  images: readonly string[];
  /** The data is a logged-in member's own: the page is never stored (http/site-pages.ts). */
  personal?: boolean;
}

/** A path on this site with nothing to escape in an attribute (the photos' `/media/<hash>.webp`). */
const SAME_SITE_PATH = /^\/(?!\/)[\w\-./]+$/;

/**
 * The page's `<meta name="description">` (what a search engine or a shared link shows under the
 * title): the home page's own sentence (client/features/auth/routes/home-page.tsx), so each of the
 * seven languages (§1) has it in client/locales/<locale>.po, under Lingui's id for that text.
 */
export const PAGE_DESCRIPTION = "Search members near you, like the ones you fancy, and chat live when it's a match.";

/**
 * The page description in each of the seven languages (§1), read once from the catalogues.
 * @returns locale → text (an untranslated locale gives the English text).
 */
export async function pageDescriptions(): Promise<Record<string, string>> {
  return Object.fromEntries(
    await Promise.all(
      LOCALES.map(async (locale) => {
        const i18n = await mailI18n(locale);
        return [locale, i18n._({ id: generateMessageId(PAGE_DESCRIPTION), message: PAGE_DESCRIPTION })] as const;
      }),
    ),
  );
}

/** `text` made safe inside a double-quoted HTML attribute. */
const attributeText = (text: string) =>
  text.replace(/[&"<>]/g, (c) => ({ "&": "&amp;", '"': "&quot;", "<": "&lt;", ">": "&gt;" })[c]!);

/** The app's HTML for one request: the page, and the page in a content coding. */
export interface AppPageBody {
  html: string;
  /** The page compressed (kept ones were compressed once, at brotli 11 / gzip 9). */
  encoded(encoding: "br" | "gzip"): Buffer;
}

/**
 * The app's HTML (`index.html` of the build), made for the page a visitor opens (issue 11, the
 * speed of a first visit). The SPA can only draw once its locale's catalogue and its screen's
 * chunk are in, and it learns their names only after the entry script has run: this adds, to the
 * entry's own `<link rel="modulepreload">`s, the catalogue of `locale` (§4: the locale cookie, or
 * the site's default) and the chunks of the screen at `pathname` (client/app/paths.ts
 * `entryScreens`), so the browser fetches them beside the entry instead of one round trip after it;
 * the screen's own styles come as stylesheets, which Vite's loader then finds in the page.
 * `<html lang>` is the locale too, so assistive technology reads the first paint in its language,
 * and `<meta name="description">` is in that language (`descriptions`, from `pageDescriptions`).
 *
 * Every first screen also waits for the session and the site's settings: the page brings them
 * (`firstScreen`, http/first-screen.ts) as a JSON data block, `<script type="application/json"
 * id="amora-first-screen">`, never run, so the CSP is unchanged; `<`, `>`, `&`, U+2028 and U+2029
 * are escaped, so no text of a member's can close the element. Such a page is this browser's own
 * (its session, its country): the caller sends it `private`. The images the first screen shows
 * first (the first search results' photos on /members, its largest paint) are preloaded with
 * `fetchpriority="high"`, so they load beside the scripts instead of after the first render.
 *
 * The pages without data are built on first use and kept, compressed (7 locales × a few screens);
 * a page with data is made per request from the kept one and compressed quickly (brotli 4,
 * gzip 6: about 3 KB). Without a manifest (a fixture, a build without one) or for a locale the
 * build has no catalogue of, no preload is added and `lang` is left as built.
 */
export function createAppPages(
  clientDist: string,
  descriptions: Readonly<Record<string, string>> = {},
): {
  /**
   * @param locale one of the seven (§2), or null when unknown (no preload, `lang` as built).
   * @param pathname the request's path, no query.
   * @param firstScreen the first screen's data and images, or null: the client asks for it.
   * @returns the page, and its compressed forms on demand.
   */
  page(locale: string | null, pathname: string, firstScreen?: FirstScreenOfPage | null): AppPageBody;
} {
  const template = fs.readFileSync(path.join(clientDist, "index.html"), "utf8");
  const manifestFile = path.join(clientDist, ".vite", "manifest.json");
  const manifest: Record<string, ManifestChunk> = fs.existsSync(manifestFile)
    ? (JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Record<string, ManifestChunk>)
    : {};
  // Files the HTML already loads: the entry's static graph, its scripts and its styles.
  const inEntry = new Set<string>();
  const visit = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const css of chunk.css ?? []) into.add(css);
    for (const imported of chunk.imports ?? []) visit(imported, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key, inEntry);
  const chunksOf = (key: string): string[] => {
    const files = new Set<string>();
    visit(key, files);
    return [...files].filter((file) => !inEntry.has(file));
  };
  const withTags = (html: string, tags: string[]) =>
    // A function, not a string: a tag holding a member's text ($` or $') must not be read as a pattern.
    tags.length > 0 ? html.replace("</head>", () => `  ${tags.join("\n    ")}\n  </head>`) : html;

  const cache = new Map<string, AppPageBody>();
  const kept = (locale: string | null, screen: string | null): AppPageBody => {
    const key = `${locale ?? ""}|${screen ?? ""}`;
    let body = cache.get(key);
    if (!body) {
      const files = [...(locale ? chunksOf(`locales/${locale}.po`) : []), ...(screen ? chunksOf(screen) : [])];
      let html = template;
      if (locale && manifest[`locales/${locale}.po`])
        html = html.replace(/<html lang="[^"]*"/, `<html lang="${locale}"`);
      const description = locale ? descriptions[locale] : undefined;
      if (description)
        html = html.replace(
          /<meta\s+name="description"\s+content="[^"]*"/,
          () => `<meta name="description" content="${attributeText(description)}"`,
        );
      // A screen's own styles as stylesheets: Vite's loader finds them in the page and does not
      // wait for them again when the screen's chunk is imported.
      html = withTags(
        html,
        files.map((file) =>
          file.endsWith(".css")
            ? `<link rel="stylesheet" crossorigin href="/${file}">`
            : `<link rel="modulepreload" crossorigin href="/${file}">`,
        ),
      );
      const br = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
      const gzip = zlib.gzipSync(html, { level: 9 });
      body = { html, encoded: (encoding) => (encoding === "br" ? br : gzip) };
      cache.set(key, body);
    }
    return body;
  };

  return {
    page(locale, pathname, firstScreen = null) {
      const screen = entryScreens[pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname] ?? null;
      const base = kept(locale, screen);
      if (firstScreen === null) return base;
      const json = JSON.stringify(firstScreen.data).replace(
        /[<>&\u2028\u2029]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
      );
      const html = withTags(base.html, [
        ...firstScreen.images
          .filter((src) => SAME_SITE_PATH.test(src))
          .map((src) => `<link rel="preload" as="image" href="${src}" fetchpriority="high">`),
        `<script type="application/json" id="amora-first-screen">${json}</script>`,
      ]);
      return {
        html,
        encoded: (encoding) =>
          encoding === "br"
            ? zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
            : zlib.gzipSync(html, { level: 6 }),
      };
    },
  };
}
