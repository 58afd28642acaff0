import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyStatic from "@fastify/static";
import { Negotiator } from "@fastify/accept-negotiator";
import { createAppPages, pageDescriptions, type FirstScreenOfPage } from "./app-page.js";
import { originForm, routedPath } from "./request-guard.js";
import { builtInPageSlugs, isAppRoute, pageTokenOf, publicPages } from "../../client/app/paths.js";

/** Hashed build output (`/assets/name-HASH.js`): its name changes with its content. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
/** HTML and other unhashed files: always revalidated, so a new build is seen at once. */
export const REVALIDATE_CACHE = "no-cache";
/** robots.txt and sitemap.xml: shared caches may keep them an hour. */
const HOURLY_CACHE = "public, max-age=3600";

/** The methods a route of this server may take (the 405's Allow header names those it has). */
const ROUTE_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;
/** API prefixes: unknown paths under them answer JSON 404, never the app's HTML. */
const API_PREFIX = /^\/(trpc|api|media|payments|simulated-checkout)(\/|$|\?)/;

/**
 * Serve the built React app from `clientDist` (issue 11, §2):
 * - its files (never the source maps, `*.map`: 404) with their build-time `.br`/`.gz` siblings chosen by Accept-Encoding
 *   (`Vary: accept-encoding`); `/assets/*` (content-hashed) `public, max-age=31536000, immutable`,
 *   everything else `no-cache`;
 * - `GET /robots.txt` (text/plain, points at the sitemap) and `GET /sitemap.xml` (the public pages
 *   of client/app/paths.ts and the site's own /pages/{token}, absolute URLs on the serving site's configured origin, `siteOriginOf`:
 *   never a request header, since both are kept by shared caches);
 * - any other GET: the app's HTML (`no-cache`, made for the locale and screen by
 *   http/app-page.ts, with the first screen's data, `Vary: Accept-Encoding, Cookie`), status 200
 *   when the path is one of the app's routes (client/app/paths.ts `routePatterns`), else 404 —
 *   the SPA then shows §2's 'This page could not be found'. /pages/{token} is 200 only for a built-in page or a token `pageExists` knows.
 *   API prefixes and non-GET requests answer JSON 404.
 * Must be registered last (it sets the not-found handler).
 */
export async function clientRoutes(
  app: FastifyInstance,
  opts: {
    clientDist: string;
    hasClient: boolean;
    /**
     * Before the app's HTML is sent: may set cookies (§4 default locale). Returns the page's
     * locale (null: unknown) and whether it set a cookie.
     */
    beforeAppPage?: (
      req: FastifyRequest,
      reply: FastifyReply,
    ) => Promise<{ locale: string | null; setCookie: boolean }>;
    /**
     * The first screen's data for the app's HTML and the images it shows first
     * (http/first-screen.ts), or null (the client then asks for it). `pathname` is the page's path,
     * "" for the 404 page. Without it, no page brings data.
     */
    firstScreenOf?: (req: FastifyRequest, reply: FastifyReply, pathname: string) => Promise<FirstScreenOfPage | null>;
    /** Whether the serving site has its own page `token` (§2 /pages/{token}, table site_pages). */
    pageExists?: (req: FastifyRequest, token: string) => Promise<boolean>;
    /** The tokens of the serving site's own pages, listed in /sitemap.xml as /pages/{token}. */
    sitePageTokens?: (req: FastifyRequest) => Promise<string[]>;
    /**
     * Whether a member's landing pages exist for a visitor (§2 /members/{id}/landing, /signup,
     * landing2, landing3): the member is shown to visitors. Without it, every id is served.
     */
    memberLandingExists?: (req: FastifyRequest, memberId: number) => Promise<boolean>;
    /** The serving site's configured origin (PUBLIC_ORIGIN, e.g. "https://amora.example"), no trailing slash. */
    siteOriginOf: (req: FastifyRequest) => Promise<string>;
  },
) {
  const { clientDist, hasClient } = opts;
  const appPages = hasClient ? createAppPages(clientDist, await pageDescriptions()) : null;
  // Brotli before gzip, by the client's Accept-Encoding (q-values honoured), as @fastify/static
  // does for the other files.
  const encodings = new Negotiator<"br" | "gzip">({ supportedValues: ["br", "gzip"] });
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDist,
      prefix: "/",
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      // The build keeps its source maps (vite.config.ts `sourcemap: "hidden"`) for whoever has the
      // server, not for the public: they hold the client's whole source, comments included.
      allowedPath: (pathName) => !pathName.endsWith(".map"),
      setHeaders(reply, filePath) {
        const rel = path.relative(clientDist, filePath);
        if (rel.startsWith(`assets${path.sep}`)) reply.header("cache-control", IMMUTABLE_CACHE);
        // The app's HTML comes with its own (sendApp: private when it sets a cookie).
        else if (!reply.hasHeader("cache-control")) reply.header("cache-control", REVALIDATE_CACHE);
      },
    });
  }

  app.get("/robots.txt", async (req, reply) => {
    return reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", HOURLY_CACHE)
      .send(
        [
          "User-agent: *",
          "Allow: /",
          "Disallow: /api/",
          "Disallow: /trpc/",
          "Disallow: /media/p/",
          "Disallow: /checkout/",
          "",
          `Sitemap: ${await opts.siteOriginOf(req)}/sitemap.xml`,
          "",
        ].join("\n"),
      );
  });

  app.get("/sitemap.xml", async (req, reply) => {
    const origin = await opts.siteOriginOf(req);
    // The built-in pages have their own paths (/terms …); the site's own pages are /pages/{token}.
    const ownPages = ((await opts.sitePageTokens?.(req)) ?? [])
      .filter((t) => !(builtInPageSlugs as readonly string[]).includes(t))
      .map((t) => `/pages/${encodeURIComponent(t)}`);
    const urls = [...publicPages, ...ownPages]
      .map((p) => `  <url><loc>${escapeXml(origin + p)}</loc></url>`)
      .join("\n");
    return reply
      .type("application/xml; charset=utf-8")
      .header("cache-control", HOURLY_CACHE)
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      );
  });

  app.setNotFoundHandler(async (req, reply) => {
    const pathname = originForm(req.url).split("?")[0] || "/";
    if ((req.method === "GET" || req.method === "HEAD") && !API_PREFIX.test(pathname) && appPages) {
      const { locale, setCookie } = opts.beforeAppPage
        ? await opts.beforeAppPage(req, reply)
        : { locale: null, setCookie: false };
      const status = (await isServedPage(req, pathname)) ? 200 : 404;
      const pagePath = status === 200 ? pathname : "";
      const firstScreen = opts.firstScreenOf ? await opts.firstScreenOf(req, reply, pagePath) : null;
      const body = appPages.page(locale, pagePath, firstScreen);
      const encoding = encodings.negotiate(String(req.headers["accept-encoding"] ?? ""));
      if (encoding) reply.header("content-encoding", encoding);
      return (
        reply
          .code(status)
          .type("text/html; charset=utf-8")
          // The page follows the cookies and the encoding; one that sets a cookie or brings the
          // first screen's data (this browser's session and country) is its own: never kept by a
          // shared cache. One that brings a member's own data (their account, their search) is not
          // stored at all: it must not stay in the browser's cache after logout.
          .header("vary", "accept-encoding, cookie")
          .header(
            "cache-control",
            firstScreen?.personal
              ? "private, no-store"
              : setCookie || firstScreen !== null
                ? `private, ${REVALIDATE_CACHE}`
                : REVALIDATE_CACHE,
          )
          .send(encoding ? body.encoded(encoding) : body.html)
      );
    }
    // An address the server has, asked with a method it does not take (PATCH /api/user.php):
    // 405 with the methods it does (RFC 9110 15.5.6), not "not found".
    const routed = routedPath(req.url);
    const allowed = ROUTE_METHODS.filter((method) => app.hasRoute({ url: routed, method }));
    if (allowed.length > 0) {
      return reply
        .code(405)
        .header("allow", allowed.join(", "))
        .send({ error: "method_not_allowed", message: "This address does not take this method" });
    }
    return reply.code(404).send({ error: "not_found", message: "This page could not be found" });
  });

  async function isServedPage(req: FastifyRequest, pathname: string): Promise<boolean> {
    if (!isAppRoute(pathname)) return false;
    // A member's landing pages are 404 for an id no visitor may see, as the page then shows: a
    // search engine must not index a "not found" page answered 200.
    const landing = MEMBER_LANDING.exec(pathname);
    if (landing) {
      const id = Number(landing[1]);
      if (!/^[1-9][0-9]{0,9}$/.test(landing[1]!) || id > 2_147_483_647) return false;
      return opts.memberLandingExists ? opts.memberLandingExists(req, id) : true;
    }
    const token = pageTokenOf(pathname);
    if (token === null) return !pathname.toLowerCase().startsWith("/pages/");
    if ((builtInPageSlugs as readonly string[]).includes(token)) return true;
    return opts.pageExists ? opts.pageExists(req, token) : true;
  }
}

/** §2 a member's landing pages: /members/{id}/landing, /signup, /landing2[/slug], /landing3[/slug]. */
const MEMBER_LANDING = /^\/members\/([^/]+)\/(?:landing|signup|landing2|landing3)(?:\/[^/]*)?\/?$/i;

function escapeXml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}
