/**
 * `npm run bench:web` — the speed and accessibility of a first visit (issue 11), measured by
 * Lighthouse (npm `lighthouse`, Debian's Chromium, its default mobile preset: a mid-range phone
 * on slow 4G, simulated throttling).
 *
 * Builds the client (`npm run build`), starts the site (`tsx server/main.ts`, embedded PGlite with
 * the demo data in BENCH_WEB_DATA_DIR, seeded on the first run), logs in as the demo account
 * (README: demo@amora.test) for /members, and runs Lighthouse on `/`, `/login` and `/members`.
 * Prints per page the performance and accessibility scores, LCP, TBT, CLS, the bytes transferred
 * (all, JavaScript and CSS, from Lighthouse's network requests) and the requests, plus the
 * first-load JavaScript and CSS of each route from the build's manifest (gzip; the budget:
 * / and /login ≤ 100 KB of JavaScript, /members ≤ 150 KB) and the load average at start and end,
 * and writes it all to bench/results/latest-web.json. Beside each page's first-load JavaScript it
 * prints the floors built in the same run (bench/lib/framework-floor.ts): React alone, React with
 * react-router, and the whole stack's libraries with no code of ours (the ratio is to that one).
 *
 * Lighthouse's figures move with the machine's load (its throttling is simulated from what it
 * observes): on a shared, busy machine run it again before trusting a low score.
 *
 * Environment knobs:
 *   BENCH_WEB_PORT=3395  BENCH_WEB_DATA_DIR=/tmp/bench-web  BENCH_WEB_RUNS=1 (median of n runs per page)
 *   BENCH_WEB_SKIP_BUILD=1 (use the current dist/client)  BENCH_WEB_KEEP_DATA=1 (reuse the seeded data dir)
 *   BENCH_WEB_PAGES=/,/login,/members (the pages to audit)  CHROME_PATH=/usr/bin/chromium
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import puppeteer from "puppeteer-core";
import { entryScreens } from "../client/app/paths.js";
import { writeBenchRun } from "./lib/results.js";
import { measureFrameworkFloors } from "./lib/framework-floor.js";
import { gzipSize } from "./lib/gzip-size.js";

const env = process.env;
const PORT = Number(env.BENCH_WEB_PORT ?? 3395);
const DATA_DIR = env.BENCH_WEB_DATA_DIR ?? "/tmp/bench-web";
const RUNS = Math.max(1, Number(env.BENCH_WEB_RUNS ?? 1));
const CHROME_PATH = env.CHROME_PATH ?? "/usr/bin/chromium";
const DEMO = { email: "demo@amora.test", password: "demo12345" };
/** The pages to audit (BENCH_WEB_PAGES, comma-separated: any of the three; default all). */
const PAGES = (env.BENCH_WEB_PAGES ?? "/,/login,/members")
  .split(",")
  .filter((p) => ["/", "/login", "/members"].includes(p));
const BUDGET_KB: Record<string, number> = { "/": 100, "/login": 100, "/members": 150 };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const distDir = path.join(root, "dist", "client");
const base = `http://127.0.0.1:${PORT}`;
const started = performance.now();
const log = (msg: string) =>
  process.stdout.write(`[${((performance.now() - started) / 1000).toFixed(1).padStart(5)}s] ${msg}\n`);

/**
 * The modules (client/) loaded lazily on a first visit of each path: the screen's (the server
 * names its chunks in the HTML: client/app/paths.ts `entryScreens`), and for a logged-in member
 * the live stream (app/live-member.tsx, mounted once `me` is known).
 */
const routeModules: Record<string, string[]> = {
  "/": [entryScreens["/"]!],
  "/login": [entryScreens["/login"]!],
  "/members": [entryScreens["/members"]!, "app/live-member.tsx"],
};

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/** First-load JS and CSS of a route (gzip bytes): the entry's static graph + the route's chunk graph + the English catalogue. */
function firstLoadBytes(pagePath: string): { js: number; css: number; files: number } {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, ".vite", "manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  const seen = new Set<string>();
  const files = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    const chunk = manifest[key];
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imp of chunk.imports ?? []) visit(imp);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  for (const routeModule of routeModules[pagePath] ?? []) visit(routeModule);
  const catalogue = Object.keys(manifest).find((k) => /locales\/en\.po/.test(k));
  if (catalogue) visit(catalogue);
  let js = 0;
  let css = 0;
  for (const file of files) {
    const size = gzipSize(path.join(distDir, file));
    if (file.endsWith(".css")) css += size;
    else js += size;
  }
  return { js, css, files: files.size };
}

async function waitForReady(child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000; // the first start seeds 320 members with photos
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the server was not ready within 180 s");
}

async function loginCookie(): Promise<string> {
  const res = await fetch(`${base}/trpc/accounts.login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(DEMO),
  });
  if (!res.ok) throw new Error(`demo login failed: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (cookies.length === 0) throw new Error("demo login set no cookie");
  const cookie = cookies.join("; ");
  const me = await fetch(`${base}/trpc/accounts.me`, { headers: { cookie } });
  const body = (await me.json()) as { result?: { data?: { email?: string } | null } };
  if (!body.result?.data) throw new Error(`the demo session is not accepted: ${JSON.stringify(body)}`);
  return cookie;
}

/** Put the demo session's cookie into the browser Lighthouse drives (the page and its WebSocket send it). */
async function setBrowserCookie(port: number, cookie: string): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const cookies = cookie.split("; ").map((pair) => {
      const i = pair.indexOf("=");
      return { name: pair.slice(0, i), value: pair.slice(i + 1), domain: "127.0.0.1", path: "/" };
    });
    await browser.setCookie(...cookies);
    // A first visit: nothing cached from the pages measured before, neither in the HTTP cache nor
    // by the service worker (the rest of the storage is kept for the cookie).
    const page = (await browser.pages())[0] ?? (await browser.newPage());
    const cdp = await page.createCDPSession();
    await cdp.send("Network.clearBrowserCache");
    // And what the service worker keeps (its app-shell cache would serve every script from disk).
    await cdp.send("Storage.clearDataForOrigin", { origin: base, storageTypes: "service_workers,cache_storage" });
    await cdp.detach();
  } finally {
    await browser.disconnect();
  }
}

interface PageResult {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  transferredBytes: number;
  jsTransferredBytes: number;
  cssTransferredBytes: number;
  requests: number;
  accessibilityFailures: string[];
  layoutShifts: string[];
  lcpElement: string | null;
  reportFile: string;
  firstLoadJsGzipBytes: number;
  /** The first-load JavaScript against the stack's floor built in the same run (bench/lib/framework-floor.ts). */
  firstLoadJs: { ours: number; floor: number; ratio: number; unit: string };
  firstLoadCssGzipBytes: number;
  budgetKb: number | null;
}

let loadAtStart: number[] = [];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

async function audit(port: number, pagePath: string, cookie: string | null) {
  const result = await lighthouse(
    `${base}${pagePath}`,
    {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      // Logged in: the session cookie is in the browser (set below), so storage is kept.
      ...(cookie ? { disableStorageReset: true } : {}),
    },
    undefined,
  );
  if (!result) throw new Error(`lighthouse gave no result for ${pagePath}`);
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`${pagePath}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  // The whole report, for a closer look (layout shifts, long tasks, the LCP element).
  const reportName = pagePath === "/" ? "home" : pagePath.slice(1).replace(/\//g, "-");
  const reportFile = path.join(os.tmpdir(), `amora-lighthouse-${reportName}.json`);
  fs.writeFileSync(reportFile, JSON.stringify(lhr));
  const shifts = (
    (lhr.audits["layout-shifts"]?.details as { items?: Array<{ node?: { selector?: string }; score?: number }> })
      ?.items ?? []
  ).map((i) => `${i.node?.selector ?? "?"} (${(i.score ?? 0).toFixed(3)})`);
  const items = ((lhr.audits["network-requests"]?.details as { items?: Array<Record<string, unknown>> })?.items ??
    []) as Array<{ resourceType?: string; transferSize?: number; url?: string }>;
  const sumOf = (type: string) =>
    items.filter((i) => i.resourceType === type).reduce((a, i) => a + (i.transferSize ?? 0), 0);
  const failures = Object.values(lhr.audits)
    .filter((a) => lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id && r.weight > 0) && a.score === 0)
    .map((a) => a.id);
  if (lhr.finalDisplayedUrl && !lhr.finalDisplayedUrl.endsWith(pagePath))
    log(`  note: ${pagePath} ended at ${lhr.finalDisplayedUrl}`);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    bestPractices: Math.round((lhr.categories["best-practices"]?.score ?? 0) * 100),
    seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
    lcpMs: num("largest-contentful-paint"),
    fcpMs: num("first-contentful-paint"),
    tbtMs: num("total-blocking-time"),
    cls: num("cumulative-layout-shift"),
    speedIndexMs: num("speed-index"),
    transferredBytes: num("total-byte-weight"),
    jsTransferredBytes: sumOf("Script"),
    cssTransferredBytes: sumOf("Stylesheet"),
    requests: items.length,
    accessibilityFailures: failures,
    layoutShifts: shifts,
    lcpElement:
      (
        lhr.audits["largest-contentful-paint-element"]?.details as {
          items?: Array<{ items?: Array<{ node?: { selector?: string } }> }>;
        }
      )?.items?.[0]?.items?.[0]?.node?.selector ?? null,
    reportFile,
  };
}

async function main() {
  loadAtStart = os.loadavg();
  if (!env.BENCH_WEB_SKIP_BUILD) {
    log("building the client (npm run build)");
    const build = spawnSync("npm", ["run", "-s", "build"], { cwd: root, stdio: "inherit" });
    if (build.status !== 0) throw new Error("the build failed");
  }
  log("building the framework floors (React; + react-router; + the stack's libraries)");
  const floors = await measureFrameworkFloors(root);
  // A fresh database each run (seeded with the demo data), unless asked to keep it: a database
  // migrated by another branch's renumbered migrations would not start.
  if (!env.BENCH_WEB_KEEP_DATA) fs.rmSync(DATA_DIR, { recursive: true, force: true });
  log(`starting the site on ${base} (data in ${DATA_DIR})`);
  const server = spawn(path.join(root, "node_modules", ".bin", "tsx"), ["server/main.ts"], {
    cwd: root,
    env: { ...env, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR, LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const stopServer = () => {
    if (server.exitCode === null) server.kill("SIGTERM");
  };
  process.on("exit", stopServer);
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  try {
    await waitForReady(server);
    const cookie = await loginCookie();
    chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    });
    const pages: PageResult[] = [];
    for (const pagePath of PAGES) {
      const runs: Array<Awaited<ReturnType<typeof audit>>> = [];
      for (let i = 0; i < RUNS; i++) {
        // Logged in, storage is kept between runs (the cookie): clear the cache before each, so
        // every run is a first visit (with BENCH_WEB_RUNS > 1 the later runs were served from cache).
        if (pagePath === "/members") await setBrowserCookie(chrome.port, cookie);
        log(`lighthouse ${pagePath} (run ${i + 1}/${RUNS})`);
        // Lighthouse sometimes loses the trace on a loaded machine (NO_NAVSTART): try again.
        for (let attempt = 1; ; attempt++) {
          try {
            runs.push(await audit(chrome.port, pagePath, pagePath === "/members" ? cookie : null));
            break;
          } catch (err) {
            if (attempt >= 3) throw err;
            log(`  ${String(err)} — trying again`);
          }
        }
      }
      const pick = runs.find((r) => r.performance === median(runs.map((x) => x.performance)))!;
      const bundle = firstLoadBytes(pagePath);
      pages.push({
        path: pagePath,
        ...pick,
        firstLoadJsGzipBytes: bundle.js,
        firstLoadJs: { ours: bundle.js, floor: floors.stack, ratio: bundle.js / floors.stack, unit: "bytes gzip" },
        firstLoadCssGzipBytes: bundle.css,
        budgetKb: BUDGET_KB[pagePath] ?? null,
      });
    }
    const kb = (b: number) => `${(b / 1024).toFixed(1)} KiB`;
    console.log(
      "\npage       perf  a11y  best  seo   LCP      TBT     CLS     transferred  JS (wire)  CSS (wire)  reqs  first-load JS gzip (budget)  CSS gzip",
    );
    for (const p of pages) {
      console.log(
        `${p.path.padEnd(10)} ${String(p.performance).padStart(4)}  ${String(p.accessibility).padStart(4)}  ${String(p.bestPractices).padStart(4)}  ${String(p.seo).padStart(3)}  ` +
          `${(p.lcpMs / 1000).toFixed(2).padStart(5)} s  ${Math.round(p.tbtMs).toString().padStart(4)} ms  ${p.cls.toFixed(3)}   ` +
          `${kb(p.transferredBytes).padStart(10)}  ${kb(p.jsTransferredBytes).padStart(9)}  ${kb(p.cssTransferredBytes).padStart(9)}  ${String(p.requests).padStart(4)}  ` +
          `${kb(p.firstLoadJsGzipBytes).padStart(10)} (≤ ${p.budgetKb} KB)      ${kb(p.firstLoadCssGzipBytes).padStart(9)}`,
      );
      console.log(
        `           first-load JS ${kb(p.firstLoadJsGzipBytes)} = ${p.firstLoadJs.ratio.toFixed(2)}× the stack's floor`,
      );
      if (p.layoutShifts.length) console.log(`           layout shifts: ${p.layoutShifts.join(", ")}`);
      if (p.lcpElement) console.log(`           LCP element: ${p.lcpElement}`);
      if (p.accessibilityFailures.length)
        console.log(`           accessibility audits failing: ${p.accessibilityFailures.join(", ")}`);
    }
    console.log(
      `framework floors, first-load JS gzip, same versions and build: React ${kb(floors.react)}; ` +
        `+ react-router ${kb(floors.router)}; + tRPC, TanStack Query, Lingui, react-bootstrap ${kb(floors.stack)}`,
    );
    const out = {
      date: new Date().toISOString(),
      lighthouse: "13.5.0 (default mobile preset: Moto G Power, slow 4G, simulated throttling)",
      chromium: CHROME_PATH,
      runsPerPage: RUNS,
      frameworkFloorsJsGzipBytes: floors,
      machine: { cpus: os.cpus().length, loadavgAtStart: loadAtStart, loadavg: os.loadavg() },
      pages,
    };
    // Only a run of every page is the latest (a run of some is a look, not a result to compare).
    log(`wrote ${writeBenchRun("web", out, { latest: pages.length === 3 ? "web" : false }).join(", ")}`);
    // The machine is shared: the figures above are only comparable at a similar load.
    console.log(
      `load average (1, 5, 15 min): at start ${loadAtStart.map((l) => l.toFixed(2)).join(", ")}; at end ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(", ")} (${os.cpus().length} cores)`,
    );
  } finally {
    await chrome?.kill();
    stopServer();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
