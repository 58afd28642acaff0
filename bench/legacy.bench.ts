/**
 * `npm run bench:legacy` — the legacy polling API under 10,000 distinct logged-in members, beside
 * its floor (issue 13).
 *
 * For each database mode (embedded PGlite; PostgreSQL when BENCH_PG_URL answers), one server
 * process is started with BENCH_MEMBERS members, each logged in (own `auth` session), each with
 * conversations (through the real send path), unread messages and likes. Autocannon (in this
 * process) then polls, round robin over every member, like the PHP-era clients do:
 *   - GET /api/chats.php, /api/user.php, /api/likes.php  (ours: conditional, each member's
 *     previous ETag in If-None-Match; a 304 is a poll answered);
 *   - the same three paths on the FLOOR (bench/lib/legacy-floor.ts): a bare node:http handler
 *     answering the same JSON from one indexed query per poll, through postgres.js or PGlite,
 *     started after the server under test stopped (PGlite is single-process).
 * Printed as a table with the ratios to the floor, and written to bench/results/latest-legacy.json
 * as { "<mode>.<endpoint>.req_per_s" | ".p99": { ours, floor, ratio, unit } }.
 * The machine drifts between runs (STACK.md): compare ratios taken in one run.
 *
 * Environment knobs:
 *   BENCH_MEMBERS=10000       logged-in members polling
 *   BENCH_SECONDS=10          seconds per endpoint (after a 2 s warm-up)
 *   BENCH_CONNECTIONS=50      concurrent HTTP connections (keep-alive), cycling through the members
 *   BENCH_MODES=pglite,postgres
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres   admin connection (creates/drops a bench_legacy_* database)
 *   BENCH_SERVER_PROF=<dir>   the server under test runs with --cpu-prof and writes its V8 CPU profile
 *     into <dir> when it stops (seeding included; read it with tsx bench/lib/cpuprofile-top.ts <file>)
 * Every child gets 30 s to stop after the run and is then killed, so the bench always finishes.
 */
import { fork, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import postgres from "postgres";
import { writeBenchRun } from "./lib/results.js";

const env = process.env;
const MEMBERS = Number(env.BENCH_MEMBERS ?? 10_000);
const SECONDS = Number(env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 50);
const MODES = (env.BENCH_MODES ?? "pglite,postgres")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);
const PG_ADMIN_URL = env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SERVER_PROF = env.BENCH_SERVER_PROF ? path.resolve(env.BENCH_SERVER_PROF) : null;
const self = fileURLToPath(import.meta.url);

interface Ready {
  port: number;
  tokens: string[];
  conversations: number;
  seedMs: number;
}

// ---------------------------------------------------------------- the server under test (child)
async function serverRole(): Promise<void> {
  const { hash } = await import("@node-rs/argon2");
  const { loadConfig } = await import("../server/config.js");
  const { buildApp } = await import("../server/app.js");
  const { hashToken } = await import("../server/features/accounts/sessions.service.js");
  const { sendMessage } = await import("../server/features/chats/chats.service.js");
  const { getSiteForHost } = await import("../server/features/site/site.service.js");

  const config = loadConfig({
    NODE_ENV: "production",
    PAYMENT_PROVIDER: "simulated", // the test-mode checkout (server/config.ts)
    LOG_LEVEL: "warn",
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: env.BENCH_DATA_DIR!,
    SEED_DEMO: "false",
    ...(env.BENCH_DATABASE_URL ? { DATABASE_URL: env.BENCH_DATABASE_URL, DATABASE_POOL_MAX: "10" } : {}),
  });
  const { app, deps, close } = await buildApp(config);
  const started = performance.now();

  // 1,000 active members (one password hash for all: argon2 is slow on purpose), each with a session.
  const passwordHash = await hash("bench password 1");
  const ids: number[] = [];
  const tokens: string[] = [];
  for (let from = 0; from < MEMBERS; from += 500) {
    const n = Math.min(500, MEMBERS - from);
    const users = await deps.db
      .insertInto("users")
      .values(
        Array.from({ length: n }, (_, i) => ({
          email: `bench-legacy-${from + i}-${crypto.randomBytes(3).toString("hex")}@example.test`,
          password_hash: passwordHash,
          status: "active" as const,
          free_messages_left: 3,
        })),
      )
      .returning("id")
      .execute();
    await deps.db
      .insertInto("profiles")
      .values(
        users.map((u, i) => ({
          id: u.id,
          name: `Member ${from + i}`,
          status: "active" as const,
          visible: true,
          gender: (from + i) % 2 ? ("male" as const) : ("female" as const),
          birth_date: `19${70 + ((from + i) % 30)}-0${1 + ((from + i) % 9)}-15`,
          country: "NL",
          city: "Amsterdam",
        })),
      )
      .execute();
    const batchTokens = users.map(() => crypto.randomBytes(32).toString("base64url"));
    await deps.db
      .insertInto("sessions")
      .values(
        users.map((u, i) => ({
          id: hashToken(batchTokens[i]!),
          user_id: u.id,
          expires_at: new Date(Date.now() + 86_400_000),
        })),
      )
      .execute();
    ids.push(...users.map((u) => u.id));
    tokens.push(...batchTokens);
  }

  // Conversations through the real send path: member i writes to i+1 (a started conversation,
  // the free allowance), so each member has two chats, one unread. Likes: i likes i+3 and i+5.
  let conversations = 0;
  const jobs = ids.map((id, i) => ({ id, to: ids[(i + 1) % ids.length]! }));
  for (let from = 0; from < ids.length; from += 1000) {
    await deps.db
      .insertInto("likes")
      .values(
        ids.slice(from, from + 1000).flatMap((id, k) => [
          { liker_id: id, liked_id: ids[(from + k + 3) % ids.length]! },
          { liker_id: id, liked_id: ids[(from + k + 5) % ids.length]! },
        ]),
      )
      .execute();
  }
  const concurrency = env.BENCH_DATABASE_URL ? 8 : 1;
  let next = 0;
  const site = await getSiteForHost(deps, null);
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        await sendMessage(
          deps,
          job.id,
          { toProfileId: job.to, clientId: crypto.randomUUID(), body: `Hello ${job.to}, from ${job.id}` },
          site,
        );
        conversations++;
      }
    }),
  );

  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  process.send!({ port, tokens, conversations, seedMs: performance.now() - started } satisfies Ready);
  process.on("message", (msg) => {
    if (msg !== "stop") return;
    // A close that hangs says what it waits for (the parent kills this process after 30 s).
    setTimeout(() => {
      const handles = (process as unknown as { _getActiveHandles(): object[] })._getActiveHandles();
      console.error(`[server] still closing after 15 s; handles: ${handles.map((h) => h.constructor.name).join(", ")}`);
    }, 15_000).unref();
    close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error("close failed", err);
        process.exit(1);
      },
    );
  });
}

// ---------------------------------------------------------------- the load generator (parent)
interface Row {
  mode: string;
  endpoint: string;
  side: "ours" | "floor";
  rps: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  notModified: number;
  /** answers other than 200/304 */
  bad: number;
  errors: number;
}

const ENDPOINTS = ["/api/chats.php", "/api/user.php", "/api/likes.php"] as const;
const floorFile = path.join(path.dirname(self), "lib", "legacy-floor.ts");

/** Wait for a child to exit; after `ms`, kill it (the bench must finish every time). */
async function stopChild(child: ChildProcess, name: string, ms = 30_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.send("stop");
  const timer = setTimeout(() => {
    console.log(`[${name}] did not stop within ${ms / 1000} s: killed`);
    child.kill("SIGKILL");
  }, ms);
  await exited;
  clearTimeout(timer);
}

function startServer(
  mode: string,
  dataDir: string,
  databaseUrl: string | undefined,
): Promise<{ child: ChildProcess; ready: Ready }> {
  return new Promise((resolve, reject) => {
    const child = fork(self, [], {
      ...(SERVER_PROF ? { execArgv: [...process.execArgv, "--cpu-prof", `--cpu-prof-dir=${SERVER_PROF}`] } : {}),
      env: {
        ...env,
        BENCH_ROLE: "server",
        BENCH_DATA_DIR: dataDir,
        ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}),
      },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    child.once("message", (ready) => resolve({ child, ready: ready as Ready }));
    child.once("exit", (code) => reject(new Error(`${mode} server exited with ${code} before it was ready`)));
  });
}

function startFloor(dataDir: string, databaseUrl: string | undefined): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(floorFile, [], {
      env: {
        ...env,
        ...(databaseUrl ? { FLOOR_DATABASE_URL: databaseUrl } : { FLOOR_PGLITE_DIR: path.join(dataDir, "pglite") }),
      },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    child.once("message", (msg) => resolve({ child, port: (msg as { port: number }).port }));
    child.once("exit", (code) => reject(new Error(`the floor exited with ${code} before it was ready`)));
  });
}

/**
 * Poll `urlPath` for `seconds` (or `amount` requests) over CONNECTIONS connections, each request
 * as the next member (round robin), with that member's last ETag (kept in `etags`) in
 * If-None-Match when `conditional`.
 */
async function measure(
  port: number,
  urlPath: string,
  tokens: string[],
  seconds: number,
  conditional: boolean,
  etags: Array<string | undefined> = new Array(tokens.length),
  amount?: number,
): Promise<autocannon.Result> {
  let i = 0;
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    ...(amount ? { amount } : { duration: seconds }),
    requests: [
      {
        method: "GET",
        path: urlPath,
        setupRequest: (req, context) => {
          const m = i++ % tokens.length;
          (context as { m?: number }).m = m;
          const etag = conditional ? etags[m] : undefined;
          return {
            ...req,
            headers: {
              ...req.headers,
              cookie: `auth=${tokens[m]}`,
              "x-request-type": "bench",
              ...(etag ? { "if-none-match": etag } : {}),
            },
          };
        },
        onResponse: (status, _body, context, headers) => {
          const etag = (headers as Record<string, string> | undefined)?.etag;
          if (conditional && status === 200 && etag) etags[(context as { m: number }).m] = etag;
        },
      },
    ],
  });
}

function rowOf(mode: string, endpoint: string, side: Row["side"], r: autocannon.Result): Row {
  const byStatus = r.statusCodeStats as unknown as Record<string, { count: number }>;
  const count = (code: number) => byStatus[String(code)]?.count ?? 0;
  return {
    mode,
    endpoint,
    side,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    requests: r.requests.total,
    notModified: count(304),
    bad: Object.entries(byStatus)
      .filter(([code]) => code !== "200" && code !== "304")
      .reduce((a, [, v]) => a + v.count, 0),
    errors: r.errors + r.timeouts,
  };
}

async function runMode(mode: string): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-legacy-${mode}-`));
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  if (mode === "postgres") {
    dbName = `bench_legacy_${Date.now().toString(36)}`;
    const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${dbName}"`);
    await admin.end();
    const u = new URL(PG_ADMIN_URL);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const rows: Row[] = [];
  let server: ChildProcess | null = null;
  let floor: ChildProcess | null = null;
  try {
    const started = await startServer(mode, dataDir, databaseUrl);
    server = started.child;
    const { ready } = started;
    console.log(
      `[${mode}] ${ready.tokens.length} members logged in, ${ready.conversations} messages sent, seeded in ${(ready.seedMs / 1000).toFixed(1)} s; ${CONNECTIONS} connections, ${SECONDS} s per endpoint`,
    );
    for (const p of ENDPOINTS) {
      const res = await fetch(`http://127.0.0.1:${ready.port}${p}`, { headers: { cookie: `auth=${ready.tokens[0]}` } });
      if (res.status !== 200) throw new Error(`${p} answered ${res.status}: ${await res.text()}`);
    }
    for (const p of ENDPOINTS) {
      // Warm-up: every member polls once, so each client holds its ETag as a polling client
      // does between polls; the measured polls are then the steady state (mostly unchanged).
      const etags = new Array<string | undefined>(ready.tokens.length);
      await measure(ready.port, p, ready.tokens, 0, true, etags, ready.tokens.length);
      rows.push(rowOf(mode, p, "ours", await measure(ready.port, p, ready.tokens, SECONDS, true, etags)));
    }
    await stopChild(server, `${mode} server`);
    server = null;

    const f = await startFloor(dataDir, databaseUrl);
    floor = f.child;
    for (const p of ENDPOINTS) {
      const res = await fetch(`http://127.0.0.1:${f.port}${p}`, { headers: { cookie: `auth=${ready.tokens[0]}` } });
      if (res.status !== 200) throw new Error(`floor ${p} answered ${res.status}: ${await res.text()}`);
    }
    for (const p of ENDPOINTS) {
      await measure(f.port, p, ready.tokens, 2, false);
      rows.push(rowOf(mode, p, "floor", await measure(f.port, p, ready.tokens, SECONDS, false)));
    }
  } finally {
    if (server) await stopChild(server, `${mode} server`);
    if (floor) await stopChild(floor, `${mode} floor`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dbName) {
      const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
      await admin.end();
    }
  }
  return rows;
}

async function pgAvailable(): Promise<boolean> {
  const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {}, connect_timeout: 3 });
  try {
    await admin`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await admin.end({ timeout: 1 });
  }
}

const keyOf = (endpoint: string) => endpoint.replace(/^\/api\//, "").replace(".", "_");

function printTable(rows: Row[]): void {
  const header = [
    "mode",
    "endpoint",
    "side",
    "req/s",
    "× floor",
    "p50 ms",
    "p99 ms",
    "p99 × floor",
    "max ms",
    "requests",
    "304",
    "other",
    "errors",
  ];
  const floorOf = (r: Row) => rows.find((f) => f.side === "floor" && f.mode === r.mode && f.endpoint === r.endpoint);
  const body = rows.map((r) => {
    const f = floorOf(r);
    return [
      r.mode,
      r.endpoint,
      r.side,
      r.rps.toFixed(0),
      f ? (r.rps / f.rps).toFixed(2) : "–",
      String(r.p50),
      String(r.p99),
      f && f.p99 ? (r.p99 / f.p99).toFixed(2) : "–",
      String(r.max),
      String(r.requests),
      String(r.notModified),
      String(r.bad),
      String(r.errors),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < 3 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(`\n${line(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}\n${body.map(line).join("\n")}\n`);
}

/** bench/results/latest-legacy.json: {ours, floor, ratio, unit} under stable keys. */
function writeResults(rows: Row[]): void {
  const out: Record<string, unknown> = {
    bench: "legacy",
    at: new Date().toISOString(),
    members: MEMBERS,
    connections: CONNECTIONS,
    seconds: SECONDS,
    node: process.version,
    cores: os.cpus().length,
  };
  for (const r of rows.filter((x) => x.side === "ours")) {
    const f = rows.find((x) => x.side === "floor" && x.mode === r.mode && x.endpoint === r.endpoint);
    if (!f) continue;
    const k = `${r.mode}.${keyOf(r.endpoint)}`;
    out[`${k}.req_per_s`] = { ours: r.rps, floor: f.rps, ratio: r.rps / f.rps, unit: "req/s" };
    out[`${k}.p99`] = { ours: r.p99, floor: f.p99, ratio: f.p99 ? r.p99 / f.p99 : null, unit: "ms" };
    out[`${k}.not_modified_share`] = {
      ours: r.requests ? r.notModified / r.requests : 0,
      floor: 0,
      ratio: null,
      unit: "share",
    };
  }
  console.log(`written: ${writeBenchRun("legacy", out).join(", ")}`);
}

async function main(): Promise<void> {
  console.log(`bench:legacy: ${MEMBERS} members polling; Node ${process.version}, ${os.cpus().length} cores`);
  const rows: Row[] = [];
  for (const mode of MODES) {
    if (mode === "postgres" && !(await pgAvailable())) {
      console.log(`[postgres] skipped: no PostgreSQL at ${PG_ADMIN_URL} (set BENCH_PG_URL)`);
      continue;
    }
    rows.push(...(await runMode(mode)));
  }
  printTable(rows);
  writeResults(rows);
}

if (env.BENCH_ROLE === "server") await serverRole();
else await main();
