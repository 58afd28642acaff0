// `npm test`: every check — lint and format, the integration suite (vitest, on PGlite and on
// PostgreSQL + Redis) and the screens (Playwright in Debian's Chromium) — then one closing line
// "N passed, N failed, N skipped".
//
// Where the tests find PostgreSQL and Redis (ARCHITECTURE), in this order: TEST_DATABASE_URL /
// TEST_REDIS_URL when set; else containers started with testcontainers when a Docker engine
// answers; else the machine's own services on 127.0.0.1:5432 / :6379; else PGlite and the
// in-process bus only. The run says which one it used, first and in its summary.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
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

/** Whether a Docker engine answers its API's /_ping within 2 s (the local socket or DOCKER_HOST). */
async function dockerAnswers() {
  const host = env.DOCKER_HOST ?? "unix:///var/run/docker.sock";
  let target;
  if (host.startsWith("unix://")) {
    const socketPath = host.slice("unix://".length);
    if (!fs.existsSync(socketPath)) return false;
    target = { socketPath };
  } else if (host.startsWith("tcp://")) {
    const url = new URL(host.replace(/^tcp:/, "http:"));
    target = { host: url.hostname, port: Number(url.port || 2375) };
  } else return false;
  return new Promise((resolve) => {
    const req = http.get({ ...target, path: "/_ping", timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on("error", () => resolve(false));
    req.on("timeout", () => {
      req.destroy();
      resolve(false);
    });
  });
}

let services;
const containers = [];
if (env.TEST_DATABASE_URL || env.TEST_REDIS_URL) {
  services = `given: TEST_DATABASE_URL=${env.TEST_DATABASE_URL ?? "(unset: PGlite)"} TEST_REDIS_URL=${env.TEST_REDIS_URL ?? "(unset)"}`;
} else if (await dockerAnswers()) {
  const { PostgreSqlContainer } = await import("@testcontainers/postgresql");
  const { RedisContainer } = await import("@testcontainers/redis");
  const [pg, redis] = await Promise.all([
    new PostgreSqlContainer("postgres:17-alpine").start(),
    new RedisContainer("redis:7-alpine").start(),
  ]);
  containers.push(pg, redis);
  env.TEST_DATABASE_URL = pg.getConnectionUri();
  env.TEST_REDIS_URL = redis.getConnectionUrl();
  services = `testcontainers: PostgreSQL ${env.TEST_DATABASE_URL}, Redis ${env.TEST_REDIS_URL}`;
} else if ((await reachable(5432)) && (await reachable(6379))) {
  env.TEST_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/postgres";
  env.TEST_REDIS_URL = "redis://127.0.0.1:6379";
  services = "local services: PostgreSQL 127.0.0.1:5432, Redis 127.0.0.1:6379 (no Docker engine answered)";
} else {
  services =
    "PGlite and the in-process bus only (no Docker engine, no local PostgreSQL and Redis): the PostgreSQL and two-instance tests do not run";
}
console.log(`== databases for the tests: ${services}`);

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
for (const c of containers) await c.stop();

// Lint and format count as one check each.
const checksPassed = (lintStatus === 0 ? 1 : 0) + (formatStatus === 0 ? 1 : 0);
const checksFailed = 2 - checksPassed;
const passed = vPassed + pPassed + checksPassed;
const failed =
  vFailed +
  pFailed +
  checksFailed +
  (vitestStatus !== 0 && vFailed === 0 ? 1 : 0) +
  (pwStatus !== 0 && pFailed === 0 ? 1 : 0);

console.log(`\ndatabases: ${services}`);
console.log(`lint: ${lintStatus === 0 ? "passed" : "failed"}; format: ${formatStatus === 0 ? "passed" : "failed"}`);
console.log(
  `vitest: ${vPassed} passed, ${vFailed} failed, ${vSkipped} skipped; playwright: ${pPassed} passed, ${pFailed} failed, ${pSkipped} skipped`,
);
console.log(`${passed} passed, ${failed} failed, ${vSkipped + pSkipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
