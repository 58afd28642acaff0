import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
/** Where the e2e server keeps its data; tests read the mails it writes under mail/. Keep in step with tests/e2e/support.ts. */
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), "amora-e2e");

/**
 * Screen tests in Debian's Chromium (nothing is downloaded) against the real server on the
 * embedded default (PGlite, in-process bus, mail as .eml files under E2E_DATA_DIR/mail).
 */
export default defineConfig({
  testDir: "tests/e2e",
  // Ceilings for a busy 2-core machine; assertions wait for what the user sees, never a fixed time.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    screenshot: "only-on-failure",
    trace: "off",
    // The site's service worker (issue 11) would answer /assets/* from its cache, out of reach of
    // page.route (spec-rows' missing-chunk test): blocked, except in tests/e2e/pwa-push.spec.ts and
    // tests/e2e/pwa-shell.spec.ts.
    serviceWorkers: "block",
    // Every context starts as a visitor who already entered past the §4 site-entry warning (the
    // dialog would cover every screen); tests/e2e/landers.spec.ts starts without it to test it.
    storageState: {
      cookies: [],
      origins: [
        {
          origin: `http://localhost:${port}`,
          localStorage: [{ name: "site-entry-skipped", value: "2026-01-01T00:00:00.000Z" }],
        },
      ],
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} && node_modules/.bin/node node_modules/.bin/tsx server/main.ts`,
    url: `http://localhost:${port}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_MEMBERS: process.env.E2E_SEED_MEMBERS ?? "40",
      LOG_LEVEL: "warn",
      NODE_ENV: "test",
      // tests/e2e/safety-report.spec.ts and tests/e2e/a11y.spec.ts log in as these operators (issue
      // 10, /ops), one each: an address can sign up only once per run.
      OPERATOR_EMAILS: "ops.e2e@example.com,ops.a11y@example.com",
      // Every screen test signs up and logs in from 127.0.0.1: the per-address limits of a real
      // site (issue 10) would refuse the run's later sign-ups.
      RATE_LIMIT_SIGNUP_IP: "1000/3600",
      RATE_LIMIT_SIGNUP_EMAIL: "1000/3600",
      RATE_LIMIT_MAIL_IP: "1000/3600",
      RATE_LIMIT_LOGIN_IP: "1000/900",
      // Visitors' searches and lander photos, all from 127.0.0.1 too (the limit has its own tests).
      RATE_LIMIT_SEARCH_IP: "1000/60",
      // tests/e2e/pwa-push.spec.ts: its local push service is http on 127.0.0.1 (issue 11).
      PUSH_ALLOW_LOOPBACK_HTTP: "true",
      // tests/e2e/signup-steps.spec.ts visits from a Belgian address given in X-Forwarded-For, as a
      // load balancer would (§2 language choices by country, GeoIP).
      TRUST_PROXY: "1",
    },
  },
});
