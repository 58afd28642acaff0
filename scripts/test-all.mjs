// `npm test`: every test — the integration suite (vitest, on PGlite and on PostgreSQL) and the
// screens (Playwright in Debian's Chromium) — then one closing line "N passed, N failed".
// Uses the local PostgreSQL and Redis (127.0.0.1:5432, :6379) unless TEST_DATABASE_URL /
// TEST_REDIS_URL say otherwise.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";

const env = { ...process.env };

async function reachable(port) {
  return new Promise((resolve) => {
    const s = net.connect({ host: "127.0.0.1", port, timeout: 1000 }, () => {
      s.end();
      resolve(true);
    });
    s.on("error", () => resolve(false));
    s.on("timeout", () => {
      s.destroy();
      resolve(false);
    });
  });
}
if (!env.TEST_DATABASE_URL && (await reachable(5432))) env.TEST_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/postgres";
if (!env.TEST_REDIS_URL && (await reachable(6379))) env.TEST_REDIS_URL = "redis://127.0.0.1:6379";

fs.mkdirSync("test-results", { recursive: true });
const run = (cmd, args) => spawnSync(cmd, args, { stdio: "inherit", env }).status ?? 1;
const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
};

console.log("\n== integration tests (vitest)");
fs.rmSync("test-results/vitest.json", { force: true });
const vitestStatus = run("vitest", ["run", "--reporter=default", "--reporter=json", "--outputFile.json=test-results/vitest.json"]);
const v = readJson("test-results/vitest.json");

console.log("\n== building the client for the screen tests");
const buildStatus = run("npm", ["run", "-s", "build"]);

console.log("\n== screen tests (Playwright, Chromium)");
fs.rmSync("test-results/playwright.json", { force: true });
const pwStatus = buildStatus === 0 ? run("playwright", ["test"]) : 1;
const p = readJson("test-results/playwright.json");

const vPassed = v?.numPassedTests ?? 0;
const vFailed = v ? v.numFailedTests : 1;
const vSkipped = v ? v.numPendingTests + v.numTodoTests : 0;
const pPassed = p?.stats?.expected ?? 0;
const pFailed = p ? p.stats.unexpected : 1;
const pSkipped = p?.stats?.skipped ?? 0;
const passed = vPassed + pPassed;
const failed = vFailed + pFailed + (vitestStatus !== 0 && vFailed === 0 ? 1 : 0) + (pwStatus !== 0 && pFailed === 0 ? 1 : 0);

console.log(`\nvitest: ${vPassed} passed, ${vFailed} failed, ${vSkipped} skipped; playwright: ${pPassed} passed, ${pFailed} failed, ${pSkipped} skipped`);
console.log(`${passed} passed, ${failed} failed, ${vSkipped + pSkipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
