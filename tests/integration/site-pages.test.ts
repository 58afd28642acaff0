import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../../server/app.js";
import { loadConfig } from "../../server/config.js";
import { createLogger } from "../../server/infra/logger.js";
import { clearSiteCache } from "../../server/features/site/site.service.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { precompressDir } from "../../scripts/vite-precompress.js";
import { entryScreens, isAppRoute, routePatterns } from "../../client/app/paths.js";
import { createAppPages, pageDescriptions } from "../../server/http/app-page.js";
import { callerFor, createMember } from "../support/factories.js";
import { addPhoto } from "../support/payments.js";
import { recordingMailer } from "../support/mailbox.js";
import { createMailer } from "../../server/infra/mailer.js";
import { searchInputOf } from "../../client/features/members/search-input.js";

/**
 * Issue 11, the HTTP side of the first visit: the built client precompressed (brotli, gzip) and
 * served by Accept-Encoding, hashed assets cached for a year, HTML revalidated (dynamic JSON is
 * compressed by the proxy, not the app), /robots.txt and /sitemap.xml, and status 404 for paths that are none of the app's
 * routes (§2 'This page could not be found'). The client is a small built-like fixture of the
 * test's own (a build by someone else must not change it under the test).
 */
let db: TestDatabase;
let built: App;
let clientDir: string;
const bigScript = `console.log(${JSON.stringify("amora ".repeat(2000))});\n`;
const indexHtml = `<!doctype html><html lang="en"><head><title>Amora</title>${"<!-- padding -->".repeat(60)}</head><body><div id="root"></div></body></html>`;
/** The first-screen data block the server adds to the app's HTML (http/app-page.ts). */
const FIRST_SCREEN = /\s*<script type="application\/json" id="amora-first-screen">(.*?)<\/script>/s;
/** The page without its first-screen data: the built index.html, as the fixture wrote it. */
const withoutData = (html: string) => html.replace(FIRST_SCREEN, "").replace(/\n\s*<\/head>/, "</head>");
/** The first-screen data a page brought (fails the test when there is none). */
function firstScreenIn(html: string): Record<string, unknown> {
  const block = FIRST_SCREEN.exec(html);
  expect(block, "the page brings its first screen's data").not.toBeNull();
  return JSON.parse(block![1]!) as Record<string, unknown>;
}

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-pages-client-"));
  fs.mkdirSync(path.join(clientDir, "assets"));
  fs.writeFileSync(path.join(clientDir, "index.html"), indexHtml);
  fs.writeFileSync(path.join(clientDir, "assets", "index-AbC123xy.js"), bigScript);
  fs.writeFileSync(
    path.join(clientDir, "assets", "index-AbC123xy.js.map"),
    JSON.stringify({ version: 3, sources: ["../client/secret-comments.tsx"], mappings: "AAAA".repeat(500) }),
  );
  fs.writeFileSync(path.join(clientDir, "assets", "index-Zz9.css"), `.a{color:red}\n`.repeat(100));
  fs.writeFileSync(
    path.join(clientDir, "favicon.svg"),
    `<svg xmlns="http://www.w3.org/2000/svg">${"<g/>".repeat(200)}</svg>`,
  );
  await precompressDir(clientDir);

  db = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: db.dataDir,
    SEED_DEMO: "false",
    SEED_MEMBERS: "0",
    PUBLIC_ORIGIN: "https://amora.example",
    ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl, DATABASE_POOL_MAX: "4" } : {}),
  });
  const log = createLogger("silent", "test");
  // Mails recorded, so members can follow their activation link (support/factories createMember).
  const mailer = recordingMailer(
    createMailer({ smtpUrl: config.SMTP_URL, mailDir: config.mailDir, from: config.MAIL_FROM, log }),
  );
  built = await buildApp(config, { deps: { log, mailer }, clientDist: clientDir });
});

afterAll(async () => {
  await built?.close();
  await db?.drop();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  built.app.inject({ method: "GET", url, headers: { host: "amora.example", ...headers } });

describe("build-time compression (scripts/vite-precompress.ts)", () => {
  it("writes .br and .gz siblings that decompress to the original, and skips tiny files", () => {
    const js = path.join(clientDir, "assets", "index-AbC123xy.js");
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${js}.br`)).toString()).toBe(bigScript);
    expect(zlib.gunzipSync(fs.readFileSync(`${js}.gz`)).toString()).toBe(bigScript);
    expect(fs.existsSync(path.join(clientDir, "index.html.br"))).toBe(true);
    expect(fs.existsSync(path.join(clientDir, "favicon.svg.gz"))).toBe(true);
  });
});

describe("the app's files", () => {
  it("a hashed asset: brotli when accepted, immutable for a year, varies on Accept-Encoding", async () => {
    const res = await get("/assets/index-AbC123xy.js", { "accept-encoding": "gzip, deflate, br" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(bigScript);
    expect(res.rawPayload.length).toBeLessThan(bigScript.length / 10);
  });

  it("/metrics counts the build's hashed files as one route and the app's pages by their route pattern", async () => {
    await get("/assets/index-AbC123xy.js");
    await get("/assets/index-Zz9.css");
    await get("/login");
    await get("/credits/3/card");
    await get("/no-such-page");
    const routes = new Set(
      (await built.deps.metrics.httpRequestDuration.get()).values
        .filter((v) => v.metricName === "http_request_duration_seconds_count")
        .map((v) => `${v.labels.route} ${v.labels.status_code}`),
    );
    for (const seen of ["/assets/* 200", "/login 200", "/credits/:id/:paymentmethod? 200", "unmatched 404"])
      expect([...routes]).toContain(seen);
    expect([...routes].filter((r) => r.includes("AbC123xy") || r.includes("Zz9"))).toEqual([]);
  });

  it("gzip for a client without brotli, identity for one without either", async () => {
    const gz = await get("/assets/index-Zz9.css", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers["content-type"]).toMatch(/text\/css/);
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain(".a{color:red}");
    const plain = await get("/assets/index-AbC123xy.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(bigScript);
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("the build's source maps are not served (security review): 404, whatever the encoding", async () => {
    for (const encoding of ["br", "gzip", "identity"]) {
      const res = await get("/assets/index-AbC123xy.js.map", { "accept-encoding": encoding });
      expect(res.statusCode, encoding).toBe(404);
      expect(res.body, encoding).not.toContain("secret-comments");
    }
  });

  it("unhashed files (favicon.svg) are revalidated, compressed as well", async () => {
    const res = await get("/favicon.svg", { "accept-encoding": "br" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/image\/svg\+xml/);
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("an app route answers the HTML, 200, no-cache, compressed", async () => {
    for (const url of ["/", "/login", "/members/12", "/credits/3/card", "/credits/3", "/likes/received?x=1"]) {
      const res = await get(url, { "accept-encoding": "br, gzip" });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toMatch(/text\/html/);
      // A first visit (no locale cookie) gets the §4 default-locale cookie: a private answer.
      expect(res.headers["cache-control"], url).toBe("private, no-cache");
      expect(res.headers["content-encoding"], url).toBe("br");
      expect(String(res.headers.vary), url).toMatch(/accept-encoding, cookie/i);
      const html = zlib.brotliDecompressSync(res.rawPayload).toString();
      expect(withoutData(html), url).toBe(indexHtml);
      expect(firstScreenIn(html)["accounts.me"], url).toBeNull(); // a visitor
    }
  });

  it("the page brings what the first screen's procedures answer this browser: a visitor, an ended session, a member", async () => {
    const answers = async (member: { sessionToken: string } | null) => {
      const api = await callerFor(built.deps, member);
      return JSON.parse(
        JSON.stringify({
          "accounts.me": await api.accounts.me(),
          "site.settings": await api.site.settings(),
          "site.visitor": await api.site.visitor(),
          "site.entryWarning": await api.site.entryWarning(),
        }),
      ) as Record<string, unknown>;
    };
    const visitor = await get("/members", { cookie: "locale=en" });
    expect(firstScreenIn(visitor.body)).toEqual(await answers(null));
    expect(visitor.headers["cache-control"]).toBe("private, no-cache");

    const ended = await get("/members", { cookie: `auth=${"x".repeat(43)}; locale=en` });
    expect(firstScreenIn(ended.body)["accounts.me"]).toBeNull();

    const member = await createMember(built.deps, { name: "Page Member", confirmed: false }); // signup opened its session
    const res = await get("/members", { cookie: `auth=${member.sessionToken}; locale=en` });
    expect(res.statusCode).toBe(200);
    // A member's own data: never stored by the browser, so none stays on the device after logout.
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(String(res.headers.vary)).toMatch(/cookie/i);
    const { "members.search": search, ...data } = firstScreenIn(res.body);
    expect(data).toEqual(await answers(member));
    expect(data["accounts.me"]).toMatchObject({ id: member.id, name: "Page Member" });
    expect(search).toMatchObject({ input: { page: 1 } }); // /members opens with a search (next test)
    // Other pages bring no search.
    expect(
      firstScreenIn((await get("/chats", { cookie: `auth=${member.sessionToken}; locale=en` })).body),
    ).not.toHaveProperty("members.search");
  });

  it("/members brings the search it opens with, as members.search answers it, and preloads its first photos", async () => {
    const viewer = await createMember(built.deps, { gender: "male", country: "NL" });
    for (const name of ["Anouk", "Bente", "Cato"]) {
      const woman = await createMember(built.deps, { name, gender: "female", country: "NL" });
      await addPhoto(built, woman.id, { isMain: true });
    }
    const url = "/members?country=nl&minAge=18&maxAge=99";
    const res = await get(url, { cookie: `auth=${viewer.sessionToken}; locale=en` });
    const search = firstScreenIn(res.body)["members.search"] as { input: unknown; output: unknown };
    // The page's own input (the other gender, the URL's filters) and the procedure's own answer.
    const input = searchInputOf(new URL(url, "http://x").searchParams, { gender: "male", searchGender: null });
    expect(input).toMatchObject({ gender: "female", country: "NL", minAge: 18, maxAge: 99, page: 1 });
    expect(search.input).toEqual(JSON.parse(JSON.stringify(input)));
    const answer = await (await callerFor(built.deps, viewer)).members.search(input);
    expect(search.output).toEqual(JSON.parse(JSON.stringify(answer)));
    expect(answer.items.map((p) => p.name)).toEqual(expect.arrayContaining(["Anouk", "Bente", "Cato"]));
    // The first two photos load beside the scripts, in screen order.
    const preloaded = [...res.body.matchAll(/<link rel="preload" as="image" href="([^"]+)" fetchpriority="high">/g)];
    expect(preloaded.map((m) => m[1])).toEqual(answer.items.slice(0, 2).map((p) => p.mainImage?.url));
    expect(preloaded[0]![1]).toMatch(/^\/media\/[\w.]+$/);
  });

  it("/members opens on the gender the member looks for (profile's 'I am looking for'), else the other one", async () => {
    const viewer = await createMember(built.deps, { gender: "male", country: "NL" });
    await built.deps.db.updateTable("profiles").set({ search_gender: "male" }).where("id", "=", viewer.id).execute();
    const me = await (await callerFor(built.deps, viewer)).accounts.me();
    expect(me).toMatchObject({ gender: "male", searchGender: "male" });
    const res = await get("/members", { cookie: `auth=${viewer.sessionToken}; locale=en` });
    const search = firstScreenIn(res.body)["members.search"] as { input: unknown };
    expect(search.input).toMatchObject({ gender: "male" });
    // The URL's own choice still wins; a member who says nothing sees the other gender.
    const any = await get("/members?gender=any", { cookie: `auth=${viewer.sessionToken}; locale=en` });
    expect((firstScreenIn(any.body)["members.search"] as { input: { gender?: string } }).input.gender).toBeUndefined();
    await built.deps.db.updateTable("profiles").set({ search_gender: null }).where("id", "=", viewer.id).execute();
    const other = await get("/members", { cookie: `auth=${viewer.sessionToken}; locale=en` });
    expect((firstScreenIn(other.body)["members.search"] as { input: unknown }).input).toMatchObject({
      gender: "female",
    });
  });

  it("the HTML honours Accept-Encoding's q-values: a client that refuses brotli gets gzip, one that takes neither plain HTML", async () => {
    const gz = await get("/", { "accept-encoding": "br;q=0, gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(withoutData(zlib.gunzipSync(gz.rawPayload).toString())).toBe(indexHtml);
    const plain = await get("/", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(withoutData(plain.body)).toBe(indexHtml);
  });
});

describe("the app's HTML names the chunks the first screen needs (server/http/app-page.ts)", () => {
  // A build-like manifest: an entry with one static import and its styles, two catalogues, the
  // home screen with styles and a chunk of its own, and one it shares with the entry.
  const manifest = {
    "index.html": {
      file: "assets/index-E1.js",
      isEntry: true,
      imports: ["_shared-S1.js"],
      css: ["assets/index-E1.css"],
    },
    "_shared-S1.js": { file: "assets/shared-S1.js" },
    "_col-C1.js": { file: "assets/col-C1.js", imports: ["_shared-S1.js"] },
    "locales/en.po": { file: "assets/en-L1.js", isDynamicEntry: true },
    "locales/de.po": { file: "assets/de-L2.js", isDynamicEntry: true },
    "features/auth/routes/home-page.tsx": {
      file: "assets/home-page-H1.js",
      isDynamicEntry: true,
      imports: ["index.html", "_col-C1.js", "_shared-S1.js"],
      css: ["assets/home-page-H1.css"],
    },
  };
  const template = `<!doctype html>\n<html lang="en">\n  <head>\n    <meta\n      name="description"\n      content="Built text."\n    />\n    <script type="module" crossorigin src="/assets/index-E1.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/shared-S1.js">\n  </head>\n  <body><div id="root"></div></body>\n</html>\n`;
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "app-page-"));
    fs.mkdirSync(path.join(dir, ".vite"));
    fs.writeFileSync(path.join(dir, "index.html"), template);
    fs.writeFileSync(path.join(dir, ".vite", "manifest.json"), JSON.stringify(manifest));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const preloads = (html: string) =>
    [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);

  it("the description is in the page's language, from the catalogues (§1), its text escaped", async () => {
    const description = (html: string) => /<meta\s+name="description"\s+content="([^"]*)"\s*\/>/.exec(html)?.[1];
    const pages = createAppPages(dir, await pageDescriptions());
    expect(description(pages.page("de", "/").html)).toBe(
      "Suche Mitglieder in deiner Nähe, like die, die dir gefallen, und chatte live, sobald es ein Match ist.",
    );
    expect(description(pages.page("fr", "/members").html)).toBe(
      "Cherchez des membres près de chez vous, likez ceux qui vous plaisent et discutez en direct quand c'est un match.",
    );
    expect(description(pages.page("en", "/").html)).toBe(
      "Search members near you, like the ones you fancy, and chat live when it's a match.",
    );
    // A locale the server does not know keeps the built text.
    expect(description(pages.page(null, "/").html)).toBe("Built text.");
    // A translation cannot close the attribute or the tag.
    const odd = createAppPages(dir, { de: `Ein "Zitat" <b> & $' Text` });
    expect(description(odd.page("de", "/").html)).toBe("Ein &quot;Zitat&quot; &lt;b&gt; &amp; $' Text");
  });

  it("the locale's catalogue and the screen's own chunks, beside the entry's; lang is the locale", () => {
    const { html, encoded } = createAppPages(dir).page("de", "/");
    expect(html).toContain('<html lang="de">');
    expect(preloads(html)).toEqual([
      "/assets/shared-S1.js",
      "/assets/de-L2.js",
      "/assets/home-page-H1.js",
      "/assets/col-C1.js",
    ]);
    // The screen's own styles as a stylesheet (Vite's loader then does not wait for them), not the entry's.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/home-page-H1.css">');
    expect(html).not.toContain("index-E1.css");
    expect(zlib.brotliDecompressSync(encoded("br")).toString()).toBe(html);
    expect(zlib.gunzipSync(encoded("gzip")).toString()).toBe(html);
  });

  it("a page that is not an entry screen gets the catalogue only; an unknown locale leaves the page as built", () => {
    const pages = createAppPages(dir);
    expect(preloads(pages.page("en", "/chats/3").html)).toEqual(["/assets/shared-S1.js", "/assets/en-L1.js"]);
    expect(pages.page(null, "/nope").html).toBe(template);
    expect(pages.page("pl", "/chats").html).toBe(template); // no catalogue of pl in this build
  });

  it("a page with the first screen's data carries it as inert JSON that no text of a member's can break out of", () => {
    // `$\`` and `$'` are patterns in a replacement string (security review, 2026-11-27): they must
    // stay a member's text, not paste the page's head into the block.
    const data = {
      "accounts.me": { id: 7, name: "</script><script>alert(1)</script> & \u2028", credits: 30 },
      "members.search": { output: [{ name: "Sam$`", city: "$' $& $$ $1" }] },
    };
    const pages = createAppPages(dir);
    const { html, encoded } = pages.page("en", "/", { data, images: [] });
    const block = /<script type="application\/json" id="amora-first-screen">(.*?)<\/script>/s.exec(html);
    expect(block).not.toBeNull();
    expect(block![1]).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(block![1]!)).toEqual(data);
    expect(html.match(/<script/g)).toHaveLength(2); // the entry's and the data block: nothing injected
    expect(preloads(html)).toContain("/assets/home-page-H1.js");
    expect(zlib.brotliDecompressSync(encoded("br")).toString()).toBe(html);
    expect(zlib.gunzipSync(encoded("gzip")).toString()).toBe(html);
    expect(pages.page("en", "/", null).html).not.toContain("amora-first-screen"); // unknown: the client asks
  });

  it("the first screen's images are preloaded with high priority; anything but a plain path on this site is left out", () => {
    const images = [
      "/media/a1.webp",
      "/media/b2.webp",
      "//evil.test/x.webp",
      "https://evil.test/x.webp",
      '/m/"><script>',
    ];
    const { html } = createAppPages(dir).page("en", "/members", { data: {}, images });
    const preloaded = [...html.matchAll(/<link rel="preload" as="image" href="([^"]+)" fetchpriority="high">/g)];
    expect(preloaded.map((m) => m[1])).toEqual(["/media/a1.webp", "/media/b2.webp"]);
    expect(html).not.toContain("evil.test");
    expect(html.match(/<script/g)).toHaveLength(2);
  });

  it("each entry screen is the module client/app/router.tsx loads", () => {
    const source = fs.readFileSync(path.join(process.cwd(), "client", "app", "router.tsx"), "utf8");
    for (const module of Object.values(entryScreens)) {
      expect(source, module).toContain(`import("../${module.replace(/\.tsx$/, "")}")`);
    }
  });
});

describe("§4 locale: the site's domain_language when no locale cookie is set", () => {
  it("a first visit gets the locale cookie (365 days, §9); a visitor with one keeps it", async () => {
    const first = await get("/members");
    expect(first.headers["set-cookie"]).toMatch(/^locale=en; Max-Age=31536000; Path=\/; .*SameSite=Lax/);
    const again = await get("/members", { cookie: "locale=de" });
    expect(again.headers["set-cookie"]).toBeUndefined();
  });

  it("a mail's link names the member's language (?lang=): taken when no cookie is set, before the site's", async () => {
    expect((await get("/activate?token=x&lang=pl")).headers["set-cookie"]).toMatch(/^locale=pl;/);
    // Not one of the seven: the site's language, as without it.
    expect((await get("/activate?token=x&lang=pt")).headers["set-cookie"]).toMatch(/^locale=en;/);
    // The member's own choice on this device stays.
    expect((await get("/activate?token=x&lang=pl", { cookie: "locale=de" })).headers["set-cookie"]).toBeUndefined();
  });

  it("follows the site's domain_language (first two letters), and sets nothing for one that is none of the seven", async () => {
    const site = await built.deps.db
      .selectFrom("sites")
      .select(["id", "domain_language"])
      .where("is_default", "=", true)
      .executeTakeFirstOrThrow();
    try {
      await built.deps.db.updateTable("sites").set({ domain_language: "nl_BE" }).where("id", "=", site.id).execute();
      clearSiteCache(built.deps);
      expect((await get("/")).headers["set-cookie"]).toMatch(/^locale=nl;/);
      await built.deps.db.updateTable("sites").set({ domain_language: "pt" }).where("id", "=", site.id).execute();
      clearSiteCache(built.deps);
      const res = await get("/");
      expect(res.headers["set-cookie"]).toBeUndefined();
    } finally {
      await built.deps.db
        .updateTable("sites")
        .set({ domain_language: site.domain_language })
        .where("id", "=", site.id)
        .execute();
      clearSiteCache(built.deps);
    }
  });
});

describe("unknown routes (§2 404 page)", () => {
  it("a path that is none of the app's routes answers 404 with the app (which shows the 404 page)", async () => {
    for (const url of [
      "/no-such-page",
      "/members/1/2/3",
      "/robots.txt/x",
      "/wp-login.php",
      "/likes/sent/x",
      "/pages/no-such-token",
      "/pages/About%20us",
    ]) {
      const res = await get(url, { "accept-encoding": "gzip" });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toMatch(/text\/html/);
      expect(res.headers["cache-control"], url).toBe("private, no-cache");
      expect(withoutData(zlib.gunzipSync(res.rawPayload).toString()), url).toBe(indexHtml);
    }
  });

  it("a member's landing pages answer 200 only for a member shown to visitors; any other id is 404", async () => {
    const shown = await createMember(built.deps);
    const unconfirmed = await createMember(built.deps, { confirmed: false });
    for (const suffix of ["landing", "signup", "landing2", "landing3/some-slug"]) {
      expect((await get(`/members/${shown.id}/${suffix}`)).statusCode, suffix).toBe(200);
      for (const id of [unconfirmed.id, 2_000_000_000, 9_999_999_999, "abc", "0x10", "1".repeat(6000)])
        expect((await get(`/members/${id}/${suffix}`)).statusCode, `${id}/${suffix}`).toBe(404);
    }
  });

  it("/pages/{token} answers 200 for a built-in page and for the site's own page only", async () => {
    // "about" is a page the site wrote (site_pages, seeded); "terms" is built in.
    for (const url of ["/pages/about", "/pages/about/", "/pages/terms", "/pages/return-policy", "/terms"]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it("unknown API paths and non-GET requests answer a JSON 404", async () => {
    const api = await get("/api/nope.php");
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: "not_found" });
    const post = await built.app.inject({ method: "POST", url: "/no-such-page", payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.headers["content-type"]).toMatch(/json/);
  });

  it("the route table matches what it should", () => {
    expect(isAppRoute("/")).toBe(true);
    expect(isAppRoute("/members/")).toBe(true);
    expect(isAppRoute("/chats/5")).toBe(true);
    expect(isAppRoute("/members/5/chat")).toBe(true);
    expect(isAppRoute("/members/5/chat/x")).toBe(false);
    expect(isAppRoute("/credits/1/card/x")).toBe(false);
    expect(isAppRoute("/nope")).toBe(false);
  });

  it("every path of client/app/router.tsx is in the shared route table, and every table entry is routed", () => {
    const source = fs.readFileSync(path.join(process.cwd(), "client", "app", "router.tsx"), "utf8");
    const routed = new Set<string>();
    for (const m of source.matchAll(/\bpath:\s*"([^"]+)"/g)) routed.add(m[1]!);
    // `...["terms", "privacy", ...].map((path) => ...)`: a list of paths sharing one screen.
    for (const m of source.matchAll(/\[((?:\s*"[^"]*",?)+)\s*\]\.map\(\(path\)/g))
      for (const s of m[1]!.matchAll(/"([^"]*)"/g)) routed.add(s[1]!);
    const routerPatterns = [...routed].filter((p) => p !== "*").map((p) => `/${p.replace(/^\//, "")}`);
    const table = new Set<string>(routePatterns);
    expect(routerPatterns.filter((p) => !table.has(p))).toEqual([]);
    expect([...table].filter((p) => p !== "/" && !routerPatterns.includes(p))).toEqual([]);
  });
});

describe("robots.txt and sitemap.xml", () => {
  it("/robots.txt is text and names the sitemap on the site's configured origin", async () => {
    const res = await get("/robots.txt");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^User-agent: \*$/m);
    expect(res.body).toMatch(/^Disallow: \/api\/$/m);
    expect(res.body).toMatch(/^Sitemap: https:\/\/amora\.example\/sitemap\.xml$/m);
  });

  it("a request's Host or X-Forwarded-Host never makes their URLs (both are kept by shared caches)", async () => {
    const forged: Array<Record<string, string>> = [
      { host: "evil.example" },
      { "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" },
    ];
    for (const headers of forged) {
      const robots = await get("/robots.txt", headers);
      expect(robots.body).toMatch(/^Sitemap: https:\/\/amora\.example\/sitemap\.xml$/m);
      const sitemap = await get("/sitemap.xml", headers);
      expect(sitemap.body).not.toContain("evil.example");
      expect(sitemap.body).toContain("<loc>https://amora.example/</loc>");
    }
  });

  it("/sitemap.xml lists the public pages, absolute, and no member page", async () => {
    const res = await get("/sitemap.xml");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/xml/);
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    // Every public page of §2, and the site's own pages "about" and "safety" (site_pages, seeded) by their tokens.
    const expected = [
      "/",
      "/login",
      "/signup",
      "/lang-config",
      "/premium",
      "/pricing",
      "/faq",
      "/service",
      "/terms",
      "/privacy",
      "/cookies",
      "/ban",
      "/return-policy",
      "/complaints",
      "/pages/about",
      "/pages/safety",
    ];
    expect(locs).toEqual(expected.map((p) => `https://amora.example${p}`));
    expect(locs.some((l) => /\/(members|chats|likes|credits)/.test(l!))).toBe(false);
  });
});
