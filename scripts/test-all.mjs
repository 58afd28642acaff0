// `npm test`: every check — lint, types and format, the integration suite (vitest, on PGlite and on
// PostgreSQL + Redis) and the screens (Playwright in Debian's Chromium) — then one closing line
// "N passed, N failed, N skipped".
//
// Where the tests find PostgreSQL and Redis (ARCHITECTURE), in this order: TEST_DATABASE_URL /
// TEST_REDIS_URL when set; else containers started with testcontainers when a Docker engine
// answers; else the machine's own services on 127.0.0.1:5432 / :6379; else PGlite and the
// in-process bus only (tests/support/services.ts). The run says which one it used, first and
// in its summary.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
// Node 24 runs the TypeScript helper as it is (type stripping).
import { findTestServices } from "../tests/support/services.ts";

const services = await findTestServices(process.env);
const env = { ...process.env, ...services.env };
console.log(`== database for the tests: ${services.label}`);

fs.mkdirSync("test-results", { recursive: true });
const run = (cmd, args) => spawnSync(cmd, args, { stdio: "inherit", env }).status ?? 1;
const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
};

console.log("\n== lint (ESLint: typescript-eslint and the architecture's import zones)");
const lintStatus = run("eslint", ["."]);
console.log("\n== types (tsc --noEmit: client, server, tests, benches)");
const typesStatus = run("tsc", ["--noEmit", "-p", "tsconfig.json"]);
console.log("\n== format (Prettier)");
const formatStatus = run("prettier", ["--check", "--log-level=warn", "."]);

console.log("\n== integration tests (vitest)");
fs.rmSync("test-results/vitest.json", { force: true });
const vitestStatus = run("vitest", [
  "run",
  "--reporter=default",
  "--reporter=json",
  "--outputFile.json=test-results/vitest.json",
]);
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
await services.stop();

// Lint, types and format count as one check each.
const checks = [lintStatus, typesStatus, formatStatus];
const checksPassed = checks.filter((status) => status === 0).length;
const checksFailed = checks.length - checksPassed;
const passed = vPassed + pPassed + checksPassed;
const failed =
  vFailed +
  pFailed +
  checksFailed +
  (vitestStatus !== 0 && vFailed === 0 ? 1 : 0) +
  (pwStatus !== 0 && pFailed === 0 ? 1 : 0);

console.log(`\ndatabase: ${services.label}`);
const verdict = (status) => (status === 0 ? "passed" : "failed");
console.log(`lint: ${verdict(lintStatus)}; types: ${verdict(typesStatus)}; format: ${verdict(formatStatus)}`);
console.log(
  `vitest: ${vPassed} passed, ${vFailed} failed, ${vSkipped} skipped; playwright: ${pPassed} passed, ${pFailed} failed, ${pSkipped} skipped`,
);
console.log(`${passed} passed, ${failed} failed, ${vSkipped + pSkipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
