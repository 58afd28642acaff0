import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.js";
import { getSiteForHost } from "./site.service.js";

/** Where client/index.html links the manifest. */
export const MANIFEST_PATH = "/manifest.webmanifest";
/** The app's colours: the brand pink of the favicon and icons, the page's white. */
const THEME_COLOR = "#e83e6c";
const BACKGROUND_COLOR = "#ffffff";

/**
 * GET /manifest.webmanifest (issue 11, §2 installed app): the Web App Manifest of the site served
 * on the request's host (§7: settings are chosen by host), so each branded site installs under its
 * own name: name and short_name from the site's `name`, description, language (domain_language),
 * standalone display, start_url and scope "/", the theme colour, and the icons of
 * client/public/icons (192 and 512 px, and maskable ones). `application/manifest+json`, `no-cache`
 * (a renamed site is seen at the next check). No errors: an unknown host gets the default site.
 */
export function manifestRoutes(deps: AppDeps) {
  return async function (app: FastifyInstance) {
    app.get(MANIFEST_PATH, async (req, reply) => {
      const site = await getSiteForHost(deps, req.host);
      const manifest = {
        id: "/",
        name: site.name,
        short_name: site.name.length <= 12 ? site.name : site.name.slice(0, 12).trimEnd(),
        description: site.description || undefined,
        lang: site.domain_language,
        start_url: "/",
        scope: "/",
        display: "standalone",
        orientation: "portrait",
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        categories: ["social", "lifestyle"],
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
          { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      };
      return reply
        .type("application/manifest+json; charset=utf-8")
        .header("cache-control", "no-cache")
        .send(JSON.stringify(manifest));
    });
  };
}
