/**
 * `npm run bench:sockets` — many idle authenticated sockets on one instance (issue 12).
 *
 * One server (PostgreSQL + Redis, its own process), N members with sessions created straight in
 * the database, each with one tRPC WebSocket subscribed to `live.events`, their client addresses
 * spread over 127.0.0.2–127.0.0.11 (so N sockets do not run out of ephemeral ports) across
 * BENCH_WORKERS load-generator processes. Then:
 *  1. idle for BENCH_IDLE_SECONDS with a trickle of BENCH_TRICKLE msg/s between random members:
 *     server RSS sampled every 10 s (after a GC); drift = last sample vs the first one after the
 *     warm-up; every trickle message must arrive exactly once and no socket may close;
 *  2. the server is stopped and started again on the same port: every member must resubscribe
 *     (the browser's own jittered back-off, client/lib/reconnect.ts) within 60 s, while PostgreSQL's
 *     connections of the bench database stay within the pool (DATABASE_POOL_MAX).
 * The open-files limit is raised to its hard limit inside the bench (it re-runs itself under
 * `ulimit -n`), for the server and the load generators alike.
 *
 * Environment knobs:
 *   BENCH_SOCKETS=10000         sockets (= members)
 *   BENCH_IDLE_SECONDS=600      idle phase
 *   BENCH_WARMUP_SECONDS=60     of the idle phase, before the RSS baseline is taken
 *   BENCH_TRICKLE=5             messages per second during the idle phase
 *   BENCH_WORKERS=4             load-generator processes
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres   admin connection (scratch database)
 *   BENCH_REDIS_URL=redis://127.0.0.1:6379
 * Results: bench/results/sockets-<time>.json and bench/results/latest-sockets.json.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { onInterrupt, startChild, type RpcChild } from "./lib/child.js";
import { round } from "./lib/stats.js";
import { writeBenchRun } from "./lib/results.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;

// Raise the open-files limit for this process and its children: re-run under `ulimit -n <hard>`.
if (!env.BENCH_ULIMIT_RAISED) {
  const r = spawnSync(
    "sh",
    [
      "-c",
      'ulimit -n "$(ulimit -Hn)" && exec "$0" "$@"',
      process.execPath,
      ...process.execArgv,
      ...process.argv.slice(1),
    ],
    {
      stdio: "inherit",
      env: { ...env, BENCH_ULIMIT_RAISED: "1" },
    },
  );
  process.exit(r.status ?? 1);
}

const N = Number(env.BENCH_SOCKETS ?? 10_000);
const IDLE_SECONDS = Number(env.BENCH_IDLE_SECONDS ?? 600);
const WARMUP_SECONDS = Math.min(Number(env.BENCH_WARMUP_SECONDS ?? 60), IDLE_SECONDS);
const TRICKLE = Number(env.BENCH_TRICKLE ?? 5);
const WORKERS = Number(env.BENCH_WORKERS ?? 4);
const PG_ADMIN_URL = env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const POOL_MAX = Number(env.DATABASE_POOL_MAX ?? 10);
const ADDRESSES = Array.from({ length: 10 }, (_, i) => `127.0.0.${i + 2}`);
const RESUBSCRIBE_LIMIT_MS = 60_000;

const runStarted = performance.now();
function log(msg: string): void {
  const s = ((performance.now() - runStarted) / 1000).toFixed(0).padStart(4);
  process.stdout.write(`[${s}s] ${msg}\n`);
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "bench-sockets-"));
const childLog = path.join(tmp, "children.log");

type Memory = NodeJS.MemoryUsage;
type Server = RpcChild & { info: { port: number } };

async function main() {
  const started = new Date();
  const limit = execFileSync("sh", ["-c", "ulimit -n"]).toString().trim();
  log(
    `bench:sockets N=${N} idle ${IDLE_SECONDS}s (warm-up ${WARMUP_SECONDS}s) trickle ${TRICKLE}/s workers=${WORKERS} open files ${limit}; logs ${childLog}`,
  );

  const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
  const dbName = `bench_sockets_${Date.now().toString(36)}`;
  await admin.unsafe(`create database ${dbName}`);
  const drop = () => admin.unsafe(`drop database if exists ${dbName} with (force)`).catch(() => {});
  const forget = onInterrupt(drop);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${dbName}`;

  const childEnv = (port: number): NodeJS.ProcessEnv => {
    const e: NodeJS.ProcessEnv = {
      ...env,
      NODE_ENV: "production",
      PAYMENT_PROVIDER: "simulated", // the test-mode checkout (server/config.ts)
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: path.join(tmp, "site"),
      SEED_DEMO: "false",
      SEED_MEMBERS: "0",
      LOG_LEVEL: "warn",
      INSTANCE_ID: "bench-sockets",
      DATABASE_URL: url.href,
      REDIS_URL,
      DATABASE_POOL_MAX: String(POOL_MAX),
    };
    delete e.PUBLIC_ORIGIN;
    return e;
  };
  const startServer = (port: number) =>
    startChild<{ port: number }>(path.join(here, "lib/server-child.ts"), {
      env: childEnv(port),
      execArgv: ["--expose-gc"],
      logFile: childLog,
    }) as Promise<Server>;

  let server = await startServer(0);
  const port = server.info.port;
  const baseUrl = `http://127.0.0.1:${port}`;
  const workers: RpcChild[] = [];
  const result: Record<string, unknown> = {};
  try {
    log(`server on ${baseUrl}; seeding ${N} members and their sessions`);
    const firstId = 1_000_000 * (1 + Math.floor(Math.random() * 1000));
    const { members } = await server.call<{ members: Array<{ id: number }> }>(
      "seed",
      { count: N, passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$bench$bench", credits: 10_000_000, firstId },
      600_000,
    );
    const cookies: string[] = [];
    for (let i = 0; i < members.length; i += 1000) {
      const { tokens } = await server.call<{ tokens: string[] }>(
        "sessions",
        { ids: members.slice(i, i + 1000).map((m) => m.id) },
        600_000,
      );
      cookies.push(...tokens);
    }
    const all = members.map((m, i) => ({ id: m.id, cookie: cookies[i]! }));
    const shares = Array.from({ length: WORKERS }, (_, w) => all.filter((_, i) => i % WORKERS === w));
    const owner = new Map<number, RpcChild>();

    const before = await server.call<Memory>("memory");
    for (let w = 0; w < WORKERS; w++) {
      workers.push(await startChild(path.join(here, "lib/socket-worker.ts"), { logFile: childLog }));
      for (const m of shares[w]!) owner.set(m.id, workers[w]!);
    }
    log(`connecting ${N} sockets from ${ADDRESSES[0]}–${ADDRESSES.at(-1)}`);
    const t0 = performance.now();
    const conn = await Promise.all(
      workers.map((w, i) =>
        w.call<{ connected: number; failures: number; errors: string[] }>(
          "connect",
          { baseUrl, members: shares[i], concurrency: 50, addresses: ADDRESSES },
          1_800_000,
        ),
      ),
    );
    const connected = conn.reduce((a, c) => a + c.connected, 0);
    const connectSeconds = (performance.now() - t0) / 1000;
    log(
      `${connected}/${N} subscribed in ${connectSeconds.toFixed(1)} s${conn.some((c) => c.failures) ? `; errors: ${conn.flatMap((c) => c.errors).join("; ")}` : ""}`,
    );
    const afterConnect = await server.call<Memory>("memory");
    const gauges0 = await server.call<{ subscriptionsActive: number; wsConnectionsOpen: number }>("gauges");

    // Idle with a trickle.
    const samples: Array<{ t: number; rss: number; heapUsed: number }> = [];
    const sentIds: string[] = [];
    let sendErrors = 0;
    const idleStart = performance.now();
    let nextSample = 0;
    let sendDebt = 0;
    let last = performance.now();
    while (performance.now() - idleStart < IDLE_SECONDS * 1000) {
      const now = performance.now();
      sendDebt += ((now - last) / 1000) * TRICKLE;
      last = now;
      while (sendDebt >= 1) {
        sendDebt -= 1;
        const a = all[Math.floor(Math.random() * all.length)]!;
        let b = all[Math.floor(Math.random() * all.length)]!;
        if (b.id === a.id) b = all[(all.indexOf(a) + 1) % all.length]!;
        owner
          .get(a.id)!
          .call<string>("send", { from: a.id, to: b.id })
          .then((id) => sentIds.push(id))
          .catch(() => sendErrors++);
      }
      if (now - idleStart >= nextSample) {
        const m = await server.call<Memory>("memory");
        samples.push({ t: round((now - idleStart) / 1000, 0)!, rss: m.rss, heapUsed: m.heapUsed });
        nextSample += 10_000;
      }
      await sleep(50);
    }
    await sleep(3000);
    const counts = (
      await Promise.all(workers.map((w) => w.call<number[]>("deliveries", { clientIds: sentIds })))
    ).reduce(
      (acc, c) => acc.map((x, i) => x + c[i]!),
      sentIds.map(() => 0),
    );
    const missing = counts.filter((c) => c === 0).length;
    const doubled = counts.filter((c) => c > 1).length;
    const status = await Promise.all(workers.map((w) => w.call<{ closes: number; started: number }>("status", {})));
    const lost = status.reduce((a, s) => a + s.closes, 0);
    const baseline = samples.find((s) => s.t >= WARMUP_SECONDS) ?? samples[0]!;
    const end = samples.at(-1)!;
    const drift = (end.rss - baseline.rss) / baseline.rss;
    log(
      `idle: ${sentIds.length} trickle messages (${sendErrors} send errors), ${missing} missing, ${doubled} doubled; ` +
        `${lost} sockets closed; RSS ${(baseline.rss / 2 ** 20).toFixed(1)} → ${(end.rss / 2 ** 20).toFixed(1)} MiB (drift ${(drift * 100).toFixed(1)}%)`,
    );
    result.idle = {
      seconds: IDLE_SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      trickleSent: sentIds.length,
      sendErrors,
      missing,
      doubled,
      socketsClosed: lost,
      rssBaseline: baseline.rss,
      rssEnd: end.rss,
      rssDrift: round(drift, 4),
      rssPerSocket: round((afterConnect.rss - before.rss) / Math.max(1, connected), 0),
      heapPerSocket: round((afterConnect.heapUsed - before.heapUsed) / Math.max(1, connected), 0),
      samples,
      pass: missing === 0 && doubled === 0 && lost === 0 && sendErrors === 0 && drift <= 0.05,
    };

    // Restart on the same port; every member resubscribes.
    log("restarting the server on the same port");
    await server.stop(15_000);
    const restartAt = Date.now();
    server = await startServer(port);
    const readyAt = Date.now();
    let maxDbConnections = 0;
    let resubscribed = 0;
    for (;;) {
      const st = await Promise.all(
        workers.map((w) => w.call<{ restartedSince: number }>("status", { since: restartAt })),
      );
      resubscribed = st.reduce((a, s) => a + s.restartedSince, 0);
      maxDbConnections = Math.max(maxDbConnections, (await server.call<number>("dbConnections")) ?? 0);
      if (resubscribed >= connected || Date.now() - restartAt > RESUBSCRIBE_LIMIT_MS * 3) break;
      await sleep(500);
    }
    const resubscribeMs = Date.now() - restartAt;
    const afterReadyMs = Date.now() - readyAt;
    log(
      `restart: ${resubscribed}/${connected} resubscribed in ${(resubscribeMs / 1000).toFixed(1)} s after the old server stopped (limit 60 s), ` +
        `${(afterReadyMs / 1000).toFixed(1)} s after the new one listened (start-up took ${((readyAt - restartAt) / 1000).toFixed(1)} s); ` +
        `PostgreSQL connections of the bench database at most ${maxDbConnections} (pool ${POOL_MAX})`,
    );
    result.restart = {
      resubscribed,
      of: connected,
      seconds: round(resubscribeMs / 1000, 1),
      secondsAfterListening: round(afterReadyMs / 1000, 1),
      startupSeconds: round((readyAt - restartAt) / 1000, 1),
      maxDbConnections,
      poolMax: POOL_MAX,
      pass: resubscribed >= connected && resubscribeMs <= RESUBSCRIBE_LIMIT_MS && maxDbConnections <= POOL_MAX,
    };
    result.connect = {
      sockets: N,
      connected,
      seconds: round(connectSeconds, 1),
      subscriptionsActive: gauges0.subscriptionsActive,
      wsConnectionsOpen: gauges0.wsConnectionsOpen,
    };
  } finally {
    await Promise.all(workers.map((w) => w.stop(5000).catch(() => {})));
    await server.stop(15_000).catch(() => {});
    forget();
    await drop();
    await admin.end({ timeout: 5 });
  }

  const out = {
    bench: "sockets",
    startedAt: started.toISOString(),
    elapsedSeconds: round((performance.now() - runStarted) / 1000, 0),
    config: {
      N,
      idleSeconds: IDLE_SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      trickle: TRICKLE,
      workers: WORKERS,
      poolMax: POOL_MAX,
    },
    machine: {
      node: process.version,
      cpus: os.cpus().length,
      openFiles: execFileSync("sh", ["-c", "ulimit -n"]).toString().trim(),
    },
    ...result,
  };
  log(`results written to ${writeBenchRun("sockets", out, { startedAt: started }).join(" and ")}`);
}

try {
  await main();
  fs.rmSync(tmp, { recursive: true, force: true });
  process.exit(0);
} catch (err) {
  console.error(err);
  console.error(`children's logs kept in ${childLog}`);
  process.exit(1);
}
