/**
 * `npm run bench:chat` — live paid chat under load, beside its floors, in one run.
 *
 * N members logged in, each with a WebSocket subscribed to `live.events`; pairs send paid
 * messages (`chats.send` on the socket, as the browser does) at fixed offered rates. For each mode (embedded PGlite +
 * in-process bus; PostgreSQL + Redis) it prints send→receive latency p50/p99, the highest rate
 * at which every message was delivered exactly once, and server memory per idle connection;
 * and, measured in the same run, the floors: a bare `ws` relay (same N, same rates) and the bare
 * paid-message transaction on PostgreSQL (postgres.js) and on PGlite. Each of our figures is
 * printed as a ratio to its floor. Results also go to bench/results/chat-<date>.json.
 *
 * The server under test, the relay and the load generators each run in their own process.
 * Order: each mode of ours, then the relay floor, then the database floors (all in this run:
 * the machines drift 20–45% between runs, so only ratios taken in one run mean anything).
 *
 * Environment knobs:
 *   BENCH_N=2000               members (= WebSocket connections)
 *   BENCH_SECONDS=15           seconds per rate step
 *   BENCH_RATES=50,100,150,200,300,500,700,1000,1500,2000   offered msg/s steps (each mode stops at its first failing step;
 *                              the floors then run the rates the modes ran)
 *   BENCH_MODES=pglite,postgres,postgres2   postgres2: two server instances (two processes on the same
 *                              PostgreSQL and Redis, as `npm run start:cluster` with WEB_CONCURRENCY=2 or two
 *                              processes behind one proxy); each pair's members sit on different instances,
 *                              so every message crosses the Redis bus. Compared with the same floors as postgres.
 *   BENCH_WORKERS=2            load-generator processes
 *   BENCH_RELAY_MAX=32000      the relay floor keeps doubling its rate up to this, to find its max
 *   BENCH_FLOOR_SECONDS=5      seconds per database-floor measurement
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres   admin connection (creates/drops bench_* databases)
 *   BENCH_REDIS_URL=redis://127.0.0.1:6379
 *   BENCH_SERVER_PROF=<dir>    write a V8 CPU profile of the server under test during the rate steps into <dir>
 *   BENCH_SERVER_ALLOC=<dir>   write a V8 sampling heap profile (what is allocated, freed or not) of the server
 *                              under test during the rate steps into <dir> (read it: tsx bench/lib/alloc-top.ts
 *                              <file> <messages sent>)
 *   BENCH_HEAP_SNAPSHOTS=<dir> write heap snapshots of the server under test after the warm-up connections,
 *                              after all of them, and after the steps into <dir> (compare: tsx bench/lib/heap-diff.ts
 *                              <warm> <all> <added>; <all> <after-steps> <connections> for what deliveries leave behind)
 *   BENCH_WARMUP=1             before the steps, every pair writes once each way (not measured): the steps
 *                              then measure conversations that exist, as on a live site (0: no warm-up)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { hash } from "@node-rs/argon2";
import postgres from "postgres";
import { ClientPool, type StepResult } from "./lib/chat-clients.js";
import { onInterrupt, startChild, type RpcChild } from "./lib/child.js";
import { cpuBetween, cpuSnapshot } from "./lib/cpu.js";
import { pgliteTxFloor, postgresTxFloor, type TxFloorResult } from "./lib/db-floor.js";
import { BENCH_PASSWORD, loginAll, type BenchMember } from "./lib/members.js";
import { fmtBytes, fmtMs, fmtRate, fmtRatio, ratio, round, table, type Summary } from "./lib/stats.js";
import { RESULTS_DIR, writeBenchRun } from "./lib/results.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const N = Number(env.BENCH_N ?? 2000);
const SECONDS = Number(env.BENCH_SECONDS ?? 15);
const RATES = (env.BENCH_RATES ?? "50,100,150,200,300,500,700,1000,1500,2000")
  .split(",")
  .map(Number)
  .filter((r) => r > 0);
type Mode = "pglite" | "postgres" | "postgres2";
const MODES = (env.BENCH_MODES ?? "pglite,postgres,postgres2")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean) as Mode[];
/** The database engine behind a mode (its floor). */
const engineOf = (mode: Mode): "pglite" | "postgres" => (mode === "pglite" ? "pglite" : "postgres");
const WORKERS = Number(env.BENCH_WORKERS ?? 2);
const RELAY_MAX = Number(env.BENCH_RELAY_MAX ?? 32000);
const FLOOR_SECONDS = Number(env.BENCH_FLOOR_SECONDS ?? 5);
const PG_ADMIN_URL = env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const SERVER_PROF = env.BENCH_SERVER_PROF ? path.resolve(env.BENCH_SERVER_PROF) : null;
const SERVER_ALLOC = env.BENCH_SERVER_ALLOC ? path.resolve(env.BENCH_SERVER_ALLOC) : null;
const HEAP_SNAPSHOTS = env.BENCH_HEAP_SNAPSHOTS ? path.resolve(env.BENCH_HEAP_SNAPSHOTS) : null;
const DRAIN_MS = 10_000;
const WARMUP = env.BENCH_WARMUP !== "0";
const CREDITS = 10_000_000;

const MODE_TITLES = {
  pglite: "Embedded default: PGlite + in-process bus",
  postgres: "PostgreSQL + Redis",
  postgres2: "PostgreSQL + Redis, two instances",
} as const;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "bench-chat-"));
onInterrupt(async () => fs.rmSync(tmp, { recursive: true, force: true }));
const childLog = path.join(tmp, "children.log");

function log(msg: string): void {
  const s = ((performance.now() - runStarted) / 1000).toFixed(0).padStart(4);
  process.stdout.write(`[${s}s] ${msg}\n`);
}
const runStarted = performance.now();

type Memory = NodeJS.MemoryUsage;
interface StepRecord extends StepResult {
  cpu: {
    server: number;
    clients: number;
    postgres: number;
    redis: number;
    machine: number;
    cores: number;
    other: number;
  };
  /** CPU-seconds used during the step (its sends and its drain) */
  cpuSeconds: { server: number; postgres: number };
  /** messages the step got through: acknowledged sends (the site), delivered messages (the relay) */
  processed: number;
  /** the server's event-loop delay during the step, ms: how long its main thread was blocked */
  serverLoopDelay: { p50: number; p99: number; max: number };
}
interface SystemResult {
  name: string;
  connections: number;
  connectMs: number;
  loginMs?: number;
  memory: {
    before: Memory;
    warm: Memory;
    after: Memory;
    warmConnections: number;
    /** (after − warm) / connections added after the warm-up: the marginal cost of an idle connection */
    rssPerConnection: number;
    heapPerConnection: number;
    /** (after − before) / all connections: includes one-off costs */
    rssPerConnectionFromZero: number;
    heapPerConnectionFromZero: number;
  };
  steps: StepRecord[];
  /** messages acknowledged in the warm-up before the steps (not measured; 0 without a warm-up) */
  warmupAcked: number;
  /** highest offered rate at which every message was delivered (null: none) */
  maxRate: number | null;
  /** true when the highest rate tried still passed (the max is at least maxRate) */
  maxIsLowerBound: boolean;
}

/**
 * The server under test: one process, or several instances of the site measured as one (their
 * CPU, memory and gauges summed, the worst event-loop block of any).
 */
interface ServerGroup {
  pids: number[];
  ports: number[];
  call<T>(name: string, args?: unknown): Promise<T>;
}

function groupOf(children: Array<RpcChild & { info: { port: number } }>): ServerGroup {
  const sumOf = <T extends object>(parts: T[]) => {
    const out: Record<string, number> = {};
    for (const p of parts)
      for (const [k, v] of Object.entries(p)) if (typeof v === "number") out[k] = (out[k] ?? 0) + v;
    return out as T;
  };
  return {
    pids: children.map((c) => c.pid),
    ports: children.map((c) => c.info.port),
    async call<T>(name: string, args?: unknown): Promise<T> {
      // Calls that write a file: one per instance, the second instance's named <file>-2.<ext>.
      if (name === "heapSnapshot" || name === "profileStop" || name === "allocStop") {
        const file = (args as { file: string }).file;
        const files = await Promise.all(
          children.map((c, i) =>
            c.call<string>(name, { file: i === 0 ? file : file.replace(/(\.\w+)$/, `-${i + 1}$1`) }),
          ),
        );
        return files.join(", ") as T;
      }
      const parts = await Promise.all(children.map((c) => c.call<T>(name, args)));
      if (children.length === 1) return parts[0]!;
      if (name === "loopDelay") {
        const all = parts as Array<{ p50: number; p99: number; max: number }>;
        return {
          p50: Math.max(...all.map((x) => x.p50)),
          p99: Math.max(...all.map((x) => x.p99)),
          max: Math.max(...all.map((x) => x.max)),
        } as T;
      }
      if (name === "memory" || name === "gauges") return sumOf(parts as object[]) as T;
      return parts[0]!;
    },
  };
}

async function sleep(ms: number) {
  await new Promise((r) => setTimeout(r, ms));
}

async function waitFor(what: string, cond: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!(await cond())) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

/**
 * Drive one system (the site in some mode, or the relay): connect every member, measure memory
 * per idle connection, then run the rate steps until one fails.
 */
async function runSystem(opts: {
  name: string;
  server: ServerGroup;
  baseUrl: string;
  /** several instances: members alternate between them (client-worker.ts) */
  baseUrls?: string[];
  transport: "trpc" | "relay";
  members: BenchMember[];
  rates: number[];
  stepSeconds: (rate: number) => number;
  loginMs?: number;
  /** the PostgreSQL database under test: backends of other databases are left out of its CPU */
  pgDatabase?: string;
}): Promise<SystemResult> {
  const { server } = opts;
  const pool = await ClientPool.start(WORKERS, childLog);
  try {
    // Memory per idle connection is the slope between a warm-up tenth of the connections and all
    // of them: the first connections also pay one-off costs (compiled code, young-generation growth).
    const before = await server.call<Memory>("memory");
    const all = opts.members.map((m) => ({ id: m.id, cookie: m.cookie }));
    const warmCount = Math.max(2, 2 * Math.round(all.length / 20));
    const connectArgs = { transport: opts.transport, baseUrl: opts.baseUrl, baseUrls: opts.baseUrls, concurrency: 50 };
    const connectAll = async (batch: typeof all, expected: number) => {
      const c = await pool.connect(connectArgs, batch);
      if (c.failures) throw new Error(`${c.failures} sockets failed to connect: ${c.errors.join("; ")}`);
      await waitFor(
        "every subscription to be active",
        async () => {
          const g = await server.call<{ subscriptionsActive: number }>("gauges");
          return g.subscriptionsActive >= expected;
        },
        60_000,
      );
      await sleep(2000);
      return c;
    };
    log(`${opts.name}: connecting ${warmCount} WebSockets (warm-up), then the other ${all.length - warmCount}`);
    const warmConn = await connectAll(all.slice(0, warmCount), warmCount);
    const warm = await server.call<Memory>("memory");
    const snapshot = async (when: string) => {
      if (!HEAP_SNAPSHOTS || opts.transport !== "trpc") return;
      fs.mkdirSync(HEAP_SNAPSHOTS, { recursive: true });
      const file = path.join(HEAP_SNAPSHOTS, `${opts.name}-${when}.heapsnapshot`);
      await server.call("heapSnapshot", { file });
      log(`${opts.name}: heap snapshot ${file}`);
    };
    await snapshot("warm");
    const restConn = await connectAll(all.slice(warmCount), warmConn.connected + all.length - warmCount);
    const after = await server.call<Memory>("memory");
    await snapshot(`all-${restConn.connected}-added`);
    const conn = { connected: warmConn.connected + restConn.connected, ms: warmConn.ms + restConn.ms };
    const memory = {
      before,
      warm,
      after,
      warmConnections: warmConn.connected,
      rssPerConnection: (after.rss - warm.rss) / restConn.connected,
      heapPerConnection: (after.heapUsed - warm.heapUsed) / restConn.connected,
      rssPerConnectionFromZero: (after.rss - before.rss) / conn.connected,
      heapPerConnectionFromZero: (after.heapUsed - before.heapUsed) / conn.connected,
    };
    log(
      `${opts.name}: ${conn.connected} connected in ${(conn.ms / 1000).toFixed(1)} s; per idle connection ${fmtBytes(memory.rssPerConnection)} RSS, ` +
        `${fmtBytes(memory.heapPerConnection)} heap (from zero, with one-off costs: ${fmtBytes(memory.rssPerConnectionFromZero)} RSS, ${fmtBytes(memory.heapPerConnectionFromZero)} heap)`,
    );

    let warmupAcked = 0;
    if (WARMUP && opts.transport === "trpc") {
      // Every pair writes once each way before the measured steps, so they measure the steady
      // state of a live site (conversations exist) rather than N/2 first messages.
      const seconds = Math.ceil(all.length / 50);
      const w = await pool.step(0, 50, seconds, { drainMs: DRAIN_MS });
      warmupAcked = w.acked;
      log(`${opts.name}: warm-up (not measured): ${w.acked}/${w.sent} sent in the pairs' conversations, both ways`);
    }
    const steps: StepRecord[] = [];
    if (SERVER_PROF && opts.transport === "trpc") await server.call("profileStart");
    if (SERVER_ALLOC && opts.transport === "trpc") await server.call("allocStart");
    const watched = [...server.pids, ...pool.pids, process.pid];
    for (const [i, rate] of opts.rates.entries()) {
      const seconds = opts.stepSeconds(rate);
      await server.call("loopDelay");
      const a = cpuSnapshot(watched, ["postgres", "redis-server"], opts.pgDatabase);
      const r = await pool.step(i + 1, rate, seconds, { drainMs: DRAIN_MS });
      const serverLoopDelay = await server.call<StepRecord["serverLoopDelay"]>("loopDelay");
      const b = cpuSnapshot(watched, ["postgres", "redis-server"], opts.pgDatabase);
      const use = cpuBetween(a, b);
      const serverCpu = server.pids.reduce((sum, pid) => sum + (use.byPid[pid] ?? 0), 0);
      const clients = pool.pids.reduce((s, p) => s + (use.byPid[p] ?? 0), 0);
      const pg = use.byName.postgres ?? 0;
      const redis = use.byName["redis-server"] ?? 0;
      const me = use.byPid[process.pid] ?? 0;
      const interval = (b.at - a.at) / 1000;
      const rec: StepRecord = {
        ...r,
        cpuSeconds: { server: serverCpu * interval, postgres: pg * interval },
        processed: opts.transport === "relay" ? r.delivered : r.acked,
        cpu: {
          server: serverCpu,
          clients,
          postgres: pg,
          redis,
          machine: use.machine,
          cores: use.cores,
          other: Math.max(0, use.machine - serverCpu - clients - pg - redis - me),
        },
        serverLoopDelay,
      };
      steps.push(rec);
      log(
        `${opts.name}: ${rate} msg/s × ${seconds}s → ${r.delivered}/${r.sent} delivered, ${Math.round(r.sustainedRate)} msg/s, ` +
          `p50 ${fmtMs(r.latency.p50)} p99 ${fmtMs(r.latency.p99)}; CPU server ${serverCpu.toFixed(2)} clients ${clients.toFixed(2)} ` +
          `pg ${pg.toFixed(2)} redis ${redis.toFixed(2)} machine ${use.machine.toFixed(2)}/${use.cores}; server loop blocked ≤ ${fmtMs(serverLoopDelay.max)} ` +
          `${r.pass ? "PASS" : `FAIL (${r.failReason})`}` +
          (r.errorSamples.length ? `\n        first error: ${r.errorSamples[0]}` : ""),
      );
      if (!r.pass) break;
    }
    if (SERVER_PROF && opts.transport === "trpc") {
      fs.mkdirSync(SERVER_PROF, { recursive: true });
      const file = await server.call<string>("profileStop", {
        file: path.join(SERVER_PROF, `server-${opts.name}.cpuprofile`),
      });
      log(`${opts.name}: CPU profile of the server during the steps: ${file}`);
    }
    if (SERVER_ALLOC && opts.transport === "trpc") {
      fs.mkdirSync(SERVER_ALLOC, { recursive: true });
      const file = await server.call<string>("allocStop", {
        file: path.join(SERVER_ALLOC, `server-${opts.name}.heapprofile`),
      });
      const sent = steps.reduce((sum, s) => sum + s.sent, 0);
      log(`${opts.name}: allocation profile of the server during the steps (${sent} messages sent): ${file}`);
    }
    // What the steps' deliveries leave behind on the still-open sockets (compare with the `all` snapshot).
    await snapshot("after-steps");
    await pool.closeSockets();
    const passed = steps.filter((s) => s.pass);
    return {
      name: opts.name,
      connections: conn.connected,
      connectMs: conn.ms,
      loginMs: opts.loginMs,
      memory,
      steps,
      warmupAcked,
      maxRate: passed.length ? Math.max(...passed.map((s) => s.offeredRate)) : null,
      maxIsLowerBound: steps.length > 0 && steps[steps.length - 1]!.pass,
    };
  } finally {
    await pool.stop();
  }
}

/**
 * The bare ws relay floor: same N, the rates our modes ran (`sameRates`, full length), then
 * doubling from 1,000 msg/s up to BENCH_RELAY_MAX (5 s each) to find its maximum.
 */
async function runRelayFloor(sameRates: number[]): Promise<SystemResult> {
  log("floor: bare ws relay");
  const relay = await startChild<{ port: number }>(path.join(here, "lib/relay-server.ts"), {
    execArgv: ["--expose-gc"],
    logFile: childLog,
  });
  try {
    const extra: number[] = [];
    for (let r = 1000; r <= RELAY_MAX; r *= 2) if (r > Math.max(0, ...sameRates)) extra.push(r);
    const rates = [...sameRates, ...extra];
    const members = Array.from({ length: N }, (_, i) => ({ id: i + 1, email: "" }));
    return await runSystem({
      name: "ws relay",
      server: groupOf([relay]),
      baseUrl: `ws://127.0.0.1:${relay.info.port}`,
      transport: "relay",
      members,
      rates,
      stepSeconds: (rate) => (sameRates.includes(rate) ? SECONDS : Math.min(SECONDS, 5)),
    });
  } finally {
    await relay.stop();
  }
}

async function withScratchDatabase<T>(prefix: string, fn: (url: string) => Promise<T>): Promise<T> {
  const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await admin.unsafe(`create database ${name}`);
  const drop = () =>
    admin
      .unsafe(`drop database if exists ${name} with (force)`)
      .catch((err: unknown) => log(`could not drop ${name}: ${String(err)}`));
  const forget = onInterrupt(drop);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    return await fn(url.href);
  } finally {
    forget();
    await drop();
    await admin.end({ timeout: 5 });
  }
}

/** The site in one mode: a fresh database, N members seeded and logged in, then runSystem. */
async function runSite(mode: Mode): Promise<SystemResult> {
  const instances = mode === "postgres2" ? 2 : 1;
  const run = async (databaseUrl?: string) => {
    const childEnv: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      PAYMENT_PROVIDER: "simulated", // the test-mode checkout (server/config.ts)
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: path.join(tmp, `site-${mode}`),
      SEED_DEMO: "false",
      SEED_MEMBERS: "0",
      LOG_LEVEL: "warn",
      INSTANCE_ID: `bench-${mode}`,
      // The abuse limits (issue 10) stay on, out of reach: one address logs in every member, and
      // at 1,000 msg/s each of 2,000 members sends 30 a minute, the default per-member limit.
      RATE_LIMIT_LOGIN_IP: "1000000/60",
      RATE_LIMIT_MESSAGE: "1000000/60",
    };
    delete childEnv.DATABASE_URL;
    delete childEnv.REDIS_URL;
    delete childEnv.PUBLIC_ORIGIN;
    if (databaseUrl) {
      childEnv.DATABASE_URL = databaseUrl;
      childEnv.REDIS_URL = REDIS_URL;
    }
    const start = (instance = 1) =>
      startChild<{ port: number; dbMode: string; bus: string }>(path.join(here, "lib/server-child.ts"), {
        env: instance === 1 ? childEnv : { ...childEnv, INSTANCE_ID: `bench-${mode}-${instance}` },
        execArgv: ["--expose-gc"],
        logFile: childLog,
      });
    log(`${mode}: starting the server`);
    const server = await start();
    let members: BenchMember[];
    let loginMs: number;
    try {
      const baseUrl = `http://127.0.0.1:${server.info.port}`;
      log(
        `${mode}: server on ${baseUrl} (database ${server.info.dbMode}, bus ${server.info.bus}); creating ${N} members`,
      );
      const passwordHash = await hash(BENCH_PASSWORD);
      // Ids far from 1: Redis pub/sub channels (member:<id>) are shared by everyone using this Redis.
      const firstId = 1_000_000 * (1 + Math.floor(Math.random() * 1000));
      ({ members } = await server.call<{ members: BenchMember[] }>("seed", {
        count: N,
        passwordHash,
        credits: CREDITS,
        firstId,
      }));
      log(`${mode}: logging ${N} members in through accounts.login (8 at a time)`);
      loginMs = await loginAll(baseUrl, members, 8);
      log(`${mode}: logged in in ${(loginMs / 1000).toFixed(1)} s`);
    } finally {
      await server.stop(15_000);
    }
    // A fresh server process on the same data (sessions live in the database): the heap pages the
    // seeding and 2,000 argon2 logins used and freed would otherwise hide the connections' RSS.
    const servers = await Promise.all(Array.from({ length: instances }, (_, i) => start(i + 1)));
    const group = groupOf(servers);
    log(
      `${mode}: restarted the server (fresh process${instances > 1 ? `es: ${instances} instances on ports ${group.ports.join(", ")}` : ""}, same database) for the connections and the steps`,
    );
    try {
      const baseUrls = group.ports.map((port) => `http://127.0.0.1:${port}`);
      const result = await runSystem({
        name: mode,
        server: group,
        baseUrl: baseUrls[0]!,
        baseUrls,
        transport: "trpc",
        members,
        rates: RATES,
        stepSeconds: () => SECONDS,
        loginMs,
        pgDatabase: databaseUrl ? new URL(databaseUrl).pathname.slice(1) : undefined,
      });
      const g = await group.call<{ messagesSent: number }>("gauges");
      // The server's counter includes the warm-up's messages; the steps' records do not.
      const sent = result.warmupAcked + result.steps.reduce((a, s) => a + s.acked, 0);
      if (g.messagesSent !== sent)
        log(
          `${mode}: note: server counted ${g.messagesSent} messages sent, clients saw ${sent} acknowledged (warm-up and steps)`,
        );
      return result;
    } finally {
      await Promise.all(servers.map((s) => s.stop(15_000)));
    }
  };
  return mode !== "pglite" ? withScratchDatabase("bench", (url) => run(url)) : run();
}

// ---------------------------------------------------------------------------------------------

function pct(s: Summary, k: "p50" | "p99") {
  return s[k];
}

function stepRows(sys: SystemResult): string[][] {
  return sys.steps.map((s) => [
    String(s.offeredRate),
    String(s.seconds),
    `${s.delivered}/${s.sent}`,
    String(s.duplicates),
    String(s.errors),
    fmtRate(s.sustainedRate, ""),
    fmtMs(s.latency.p50),
    fmtMs(s.latency.p99),
    s.ack.count ? fmtMs(s.ack.p50) : "–",
    s.ack.count ? fmtMs(s.ack.p99) : "–",
    fmtMs(s.sendLag.p99),
    fmtMs(s.serverLoopDelay.max),
    `${s.cpu.server.toFixed(2)}/${s.cpu.clients.toFixed(2)}/${s.cpu.postgres.toFixed(2)}/${s.cpu.redis.toFixed(2)}/${s.cpu.other.toFixed(2)} of ${s.cpu.machine.toFixed(2)}`,
    s.pass ? "pass" : `FAIL: ${s.failReason}`,
  ]);
}

function printSteps(sys: SystemResult): void {
  console.log(
    table(
      [
        "msg/s",
        "s",
        "delivered/sent",
        "dup",
        "err",
        "sustained",
        "p50",
        "p99",
        "ack p50",
        "ack p99",
        "lag p99",
        "srv stall",
        "CPU srv/clients/pg/redis/other of busy (cores)",
        "result",
      ],
      stepRows(sys),
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
    ),
  );
}

/** CPU-milliseconds per message the step got through (not per message offered: a failing step gets fewer through). */
function cpuPerMessageMs(st: StepRecord | undefined, k: "server" | "postgres"): number | null {
  return st && st.processed > 0 ? (st.cpuSeconds[k] * 1000) / st.processed : null;
}

function stepAt(sys: SystemResult, rate: number | null): StepRecord | undefined {
  return rate === null ? undefined : sys.steps.find((s) => s.offeredRate === rate);
}

function dbStepAt(f: TxFloorResult | undefined, rate: number) {
  return f?.steps.find((s) => s.rate === rate);
}

function summaryRows(ours: SystemResult, relay: SystemResult, db: TxFloorResult | undefined) {
  const rows: Array<{
    metric: string;
    ours: string;
    floor: string;
    ratio: string;
    raw: [number | null, number | null];
  }> = [];
  // Latencies are compared at the highest rate at which ours delivered everything (else its first step).
  const rate = ours.maxRate ?? ours.steps[0]?.offeredRate ?? RATES[0]!;
  const o = stepAt(ours, rate);
  const f = stepAt(relay, rate);
  const d = dbStepAt(db, rate);
  const dbName = db ? `bare ${db.engine === "pglite" ? "PGlite" : "PostgreSQL"} tx` : "bare tx";
  for (const k of ["p50", "p99"] as const) {
    const a = o ? pct(o.latency, k) : null;
    const b = f ? pct(f.latency, k) : null;
    rows.push({
      metric: `send→receive ${k} @ ${rate} msg/s`,
      ours: fmtMs(a),
      floor: `${fmtMs(b)} (ws relay)`,
      ratio: fmtRatio(a, b),
      raw: [a, b],
    });
  }
  for (const k of ["p50", "p99"] as const) {
    const a = o ? pct(o.ack, k) : null;
    const b = d ? pct(d.latency, k) : null;
    rows.push({
      metric: `chats.send acknowledged ${k} @ ${rate} msg/s`,
      ours: fmtMs(a),
      floor: d ? `${fmtMs(b)} (${dbName})` : `– (${dbName} not run at ${rate}/s)`,
      ratio: fmtRatio(a, b),
      raw: [a, b],
    });
  }
  const relayMax = relay.maxRate;
  const oursMaxText =
    ours.maxRate === null
      ? `< ${ours.steps[0]?.offeredRate}`
      : `${ours.maxIsLowerBound ? "≥ " : ""}${fmtRate(ours.maxRate)}`;
  rows.push({
    metric: "max msg/s, every message delivered once",
    ours: oursMaxText,
    floor: `${relay.maxIsLowerBound ? "≥ " : ""}${fmtRate(relayMax)} (ws relay)`,
    ratio: fmtRatio(ours.maxRate, relayMax),
    raw: [ours.maxRate, relayMax],
  });
  rows.push({
    metric: "max msg/s vs bare tx/s (8 connections)",
    ours: oursMaxText,
    floor: db ? `${fmtRate(db.maxTxPerSec, "tx/s")} (${dbName})` : "–",
    ratio: fmtRatio(ours.maxRate, db?.maxTxPerSec),
    raw: [ours.maxRate, db?.maxTxPerSec ?? null],
  });
  // CPU per message is steadier than wall time on a shared machine: contention delays work but adds little CPU.
  const cpuMs = cpuPerMessageMs;
  rows.push({
    metric: `server CPU per message @ ${rate} msg/s`,
    ours: fmtMs(cpuMs(o, "server")),
    floor: `${fmtMs(cpuMs(f, "server"))} (ws relay)`,
    ratio: fmtRatio(cpuMs(o, "server"), cpuMs(f, "server")),
    raw: [cpuMs(o, "server"), cpuMs(f, "server")],
  });
  if (db) {
    const oursDb = db.engine === "postgres" ? cpuMs(o, "postgres") : cpuMs(o, "server");
    const floorDb = db.engine === "postgres" ? db.cpuPerTxMs.postgres : db.cpuPerTxMs.client;
    rows.push({
      metric:
        db.engine === "postgres"
          ? `PostgreSQL CPU per message @ ${rate} msg/s`
          : `server CPU (PGlite inside) per message @ ${rate} msg/s`,
      ours: fmtMs(oursDb),
      floor: `${fmtMs(floorDb)} (${dbName}${db.engine === "pglite" ? ", whole process" : ""})`,
      ratio: fmtRatio(oursDb, floorDb),
      raw: [oursDb, floorDb],
    });
  }
  rows.push({
    metric: "server RSS per idle connection (marginal)",
    ours: fmtBytes(ours.memory.rssPerConnection),
    floor: `${fmtBytes(relay.memory.rssPerConnection)} (ws relay)`,
    ratio: fmtRatio(ours.memory.rssPerConnection, relay.memory.rssPerConnection),
    raw: [ours.memory.rssPerConnection, relay.memory.rssPerConnection],
  });
  rows.push({
    metric: "server JS heap per idle connection (marginal)",
    ours: fmtBytes(ours.memory.heapPerConnection),
    floor: `${fmtBytes(relay.memory.heapPerConnection)} (ws relay)`,
    ratio: fmtRatio(ours.memory.heapPerConnection, relay.memory.heapPerConnection),
    raw: [ours.memory.heapPerConnection, relay.memory.heapPerConnection],
  });
  rows.push({
    metric: `server RSS / connections, from zero (one-off costs too)`,
    ours: fmtBytes(ours.memory.rssPerConnectionFromZero),
    floor: `${fmtBytes(relay.memory.rssPerConnectionFromZero)} (ws relay)`,
    ratio: fmtRatio(ours.memory.rssPerConnectionFromZero, relay.memory.rssPerConnectionFromZero),
    raw: [ours.memory.rssPerConnectionFromZero, relay.memory.rssPerConnectionFromZero],
  });
  return rows;
}

function limitNote(sys: SystemResult): string {
  const failed = sys.steps.find((s) => !s.pass);
  const at = failed ?? sys.steps.at(-1);
  if (!at) return "";
  const c = at.cpu;
  const parts = [`server ${c.server.toFixed(2)}`, `load generators ${c.clients.toFixed(2)}`];
  if (c.postgres > 0.05) parts.push(`postgres ${c.postgres.toFixed(2)}`);
  if (c.redis > 0.05) parts.push(`redis ${c.redis.toFixed(2)}`);
  if (c.other > 0.05) parts.push(`other processes ${c.other.toFixed(2)}`);
  const why: string[] = [];
  if (c.server > 0.9) why.push("the server's event loop (one core) is saturated");
  if (c.machine > c.cores * 0.9) why.push(`the machine's ${c.cores} cores are saturated`);
  if (c.clients > 0.9 * WORKERS) why.push("the load generators are saturated");
  return (
    `${failed ? `first failing step ${at.offeredRate} msg/s` : `last step ${at.offeredRate} msg/s (passed)`}: CPU cores busy — ${parts.join(", ")} of ${c.machine.toFixed(2)}/${c.cores}` +
    (why.length ? `; ${why.join("; ")}` : "")
  );
}

function stripStep(s: StepRecord) {
  const sum = (x: Summary) => ({
    count: x.count,
    p50: round(x.p50),
    p90: round(x.p90),
    p99: round(x.p99),
    max: round(x.max),
    mean: round(x.mean),
  });
  return {
    ...s,
    sustainedRate: round(s.sustainedRate, 1),
    latency: sum(s.latency),
    ack: sum(s.ack),
    sendLag: sum(s.sendLag),
    clientCpu: round(s.clientCpu),
    cpu: Object.fromEntries(Object.entries(s.cpu).map(([k, v]) => [k, round(v)])),
    serverLoopDelay: {
      p50: round(s.serverLoopDelay.p50),
      p99: round(s.serverLoopDelay.p99),
      max: round(s.serverLoopDelay.max),
    },
  };
}

function stripSystem(s: SystemResult) {
  return {
    ...s,
    connectMs: round(s.connectMs, 0),
    loginMs: round(s.loginMs, 0),
    memory: {
      ...s.memory,
      rssPerConnection: round(s.memory.rssPerConnection, 0),
      heapPerConnection: round(s.memory.heapPerConnection, 0),
      rssPerConnectionFromZero: round(s.memory.rssPerConnectionFromZero, 0),
      heapPerConnectionFromZero: round(s.memory.heapPerConnectionFromZero, 0),
    },
    steps: s.steps.map(stripStep),
  };
}

/** One headline figure of latest-chat.json: ours beside its floor (issue 12's shape). */
interface Headline {
  ours: number | null;
  floor: number | null;
  ratio: number | null;
  unit: string;
  /** how the floor is made, and at which offered rate the figure was taken */
  note: string;
}

function headline(
  ours: number | null | undefined,
  floor: number | null | undefined,
  unit: string,
  note: string,
): Headline {
  const o = ours ?? null;
  const f = floor ?? null;
  return { ours: round(o), floor: round(f), ratio: round(ratio(o, f), 3), unit, note };
}

/**
 * The issue-12 headline of one mode: max_rate (vs the bare transaction's tx/s), send→receive p50
 * and p99 (vs relay + bare transaction at the same offered rate: 300 msg/s when it passed, else
 * the highest passing step), server CPU per message (vs the relay), database CPU per message
 * (vs the bare transaction; PGlite: the server's whole CPU vs the bare PGlite process's) and RSS
 * per idle connection (vs the relay).
 */
function headlineOf(mode: Mode, ours: SystemResult, relay: SystemResult, db: TxFloorResult | undefined) {
  const passing = ours.steps.filter((s) => s.pass).map((s) => s.offeredRate);
  const rate = passing.includes(300) ? 300 : passing.length ? Math.max(...passing) : (ours.steps[0]?.offeredRate ?? 0);
  const o = stepAt(ours, rate);
  const f = stepAt(relay, rate);
  const d = dbStepAt(db, rate);
  const sum = (a: number | null | undefined, b: number | null | undefined) => (a == null || b == null ? null : a + b);
  const cpuMs = cpuPerMessageMs;
  const at = `at ${rate} msg/s`;
  return {
    max_rate: headline(
      ours.maxRate,
      db?.maxTxPerSec,
      "msg/s",
      `highest passing step${ours.maxIsLowerBound ? " (a lower bound: the last step passed)" : ""} vs the bare ${engineOf(mode)} tx/s (8 connections)`,
    ),
    p50: headline(
      o?.latency.p50,
      sum(f?.latency.p50, d?.latency.p50),
      "ms",
      `send→receive ${at} vs ws relay p50 + bare tx p50`,
    ),
    p99: headline(
      o?.latency.p99,
      sum(f?.latency.p99, d?.latency.p99),
      "ms",
      `send→receive ${at} vs ws relay p99 + bare tx p99`,
    ),
    server_cpu_per_msg: headline(
      cpuMs(o, "server"),
      cpuMs(f, "server"),
      "ms",
      `server CPU per message ${at} vs the relay's`,
    ),
    pg_cpu_per_msg:
      engineOf(mode) === "postgres"
        ? headline(
            cpuMs(o, "postgres"),
            db?.cpuPerTxMs.postgres,
            "ms",
            `PostgreSQL CPU per message ${at} vs the bare tx's`,
          )
        : headline(
            cpuMs(o, "server"),
            db?.cpuPerTxMs.client,
            "ms",
            `server CPU (PGlite inside) per message ${at} vs the bare PGlite process's per tx`,
          ),
    rss_per_conn: headline(
      ours.memory.rssPerConnection,
      relay.memory.rssPerConnection,
      "bytes",
      "server RSS per idle connection (marginal) vs the relay's",
    ),
    rate,
  };
}

async function main(): Promise<void> {
  const started = new Date();
  console.log(
    `bench:chat  N=${N}  rates=${RATES.join(",")} msg/s × ${SECONDS}s  modes=${MODES.join(",")}  workers=${WORKERS}  ` +
      `node ${process.version}  ${os.cpus().length} cores  ${(os.totalmem() / 2 ** 30).toFixed(0)} GB\n` +
      `children's logs: ${childLog}`,
  );

  // Ours first (each mode stops at its first failing rate), then the floors at the rates ours ran.
  const modes: Partial<Record<Mode, SystemResult>> = {};
  for (const mode of MODES) modes[mode] = await runSite(mode);
  const ranRates = [...new Set(Object.values(modes).flatMap((m) => m.steps.map((s) => s.offeredRate)))].sort(
    (a, b) => a - b,
  );

  const relay = await runRelayFloor(ranRates.length ? ranRates : RATES);
  const dbFloors: Partial<Record<"pglite" | "postgres", TxFloorResult>> = {};
  const floorOpts = {
    concurrency: 8,
    maxSeconds: FLOOR_SECONDS,
    rates: ranRates.length ? ranRates : RATES,
    stepSeconds: FLOOR_SECONDS,
  };
  if (MODES.some((m) => engineOf(m) === "postgres")) {
    log("floor: bare PostgreSQL transaction (postgres.js, 8 connections)");
    dbFloors.postgres = await withScratchDatabase("bench_floor", (url) => postgresTxFloor(url, floorOpts));
    log(`floor: PostgreSQL ${fmtRate(dbFloors.postgres.maxTxPerSec, "tx/s")}`);
  }
  if (MODES.includes("pglite")) {
    log("floor: bare PGlite transaction (on disk)");
    dbFloors.pglite = await pgliteTxFloor(path.join(tmp, "pglite-floor"), floorOpts);
    log(`floor: PGlite ${fmtRate(dbFloors.pglite.maxTxPerSec, "tx/s")}`);
  }

  const elapsed = (performance.now() - runStarted) / 1000;
  console.log(`\n=== bench:chat results (N=${N}, ${SECONDS}s per step, run took ${elapsed.toFixed(0)} s) ===`);
  console.log(
    `\nFloor — bare ws relay (no auth, no database), ${relay.connections} connections, ${fmtBytes(relay.memory.rssPerConnection)} RSS per idle connection:`,
  );
  printSteps(relay);
  for (const [engine, f] of Object.entries(dbFloors)) {
    console.log(
      `\nFloor — bare ${engine} paid-message transaction: ${fmtRate(f.maxTxPerSec, "tx/s")} at ${f.concurrency} concurrent ` +
        `(p50 ${fmtMs(f.maxLatency.p50)}, p99 ${fmtMs(f.maxLatency.p99)}; CPU per tx ${fmtMs(f.cpuPerTxMs.client)} client` +
        `${f.engine === "postgres" ? ` + ${fmtMs(f.cpuPerTxMs.postgres)} postgres` : " (PGlite in-process)"}); at fixed rates: ` +
        f.steps
          .map(
            (s) =>
              `${s.rate}/s p50 ${fmtMs(s.latency.p50)} p99 ${fmtMs(s.latency.p99)}${s.pass ? "" : " (fell behind)"}`,
          )
          .join("; "),
    );
  }
  const summaries: Record<string, unknown> = {};
  for (const mode of MODES) {
    const ours = modes[mode]!;
    console.log(
      `\n## ${MODE_TITLES[mode]} — N=${ours.connections}, logins ${((ours.loginMs ?? 0) / 1000).toFixed(1)} s, connect ${(ours.connectMs / 1000).toFixed(1)} s`,
    );
    printSteps(ours);
    const rows = summaryRows(ours, relay, dbFloors[engineOf(mode)]);
    console.log("");
    console.log(
      table(
        ["metric", "ours", "floor", "ratio (ours/floor)"],
        rows.map((r) => [r.metric, r.ours, r.floor, r.ratio]),
        [1, 3],
      ),
    );
    console.log(`limit: ${limitNote(ours)}`);
    summaries[mode] = rows.map((r) => ({
      metric: r.metric,
      ours: r.ours,
      floor: r.floor,
      ratio: round(ratio(r.raw[0], r.raw[1]), 3),
    }));
  }
  console.log(`\nrelay limit: ${limitNote(relay)}`);
  console.log(
    "lag p99: how late the load generators sent against their schedule; srv stall: the server's longest event-loop block during the step.\nCPU columns: cores busy during the step, by the server under test / load generators / PostgreSQL (its shared processes and the backends of the bench database) / redis-server / anything else on the machine (other people's work included), of all busy.",
  );

  const out = {
    bench: "chat",
    startedAt: started.toISOString(),
    elapsedSeconds: round(elapsed, 0),
    config: {
      N,
      seconds: SECONDS,
      rates: RATES,
      modes: MODES,
      workers: WORKERS,
      relayMax: RELAY_MAX,
      floorSeconds: FLOOR_SECONDS,
    },
    machine: {
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memGB: round(os.totalmem() / 2 ** 30, 1),
      platform: `${os.platform()} ${os.release()}`,
    },
    summaries,
    floors: { relay: stripSystem(relay), db: dbFloors },
    modes: Object.fromEntries(Object.entries(modes).map(([k, v]) => [k, stripSystem(v)])),
  };
  const [file] = writeBenchRun("chat", out, { startedAt: started, latest: false });
  // The headline (issue 12's shape), so runs can be compared: each figure ours, floor, ratio, unit.
  // A run of some modes (BENCH_MODES) keeps the other modes' headlines of the previous file, each
  // with the start of the run it comes from, so the file always holds postgres and pglite.
  const latestFile = path.join(RESULTS_DIR, "latest-chat.json");
  const previous = fs.existsSync(latestFile)
    ? (JSON.parse(fs.readFileSync(latestFile, "utf8")) as Record<string, unknown>)
    : {};
  const latest: Record<string, unknown> = { startedAt: started.toISOString(), config: out.config };
  for (const mode of MODES) {
    latest[mode] = {
      ...headlineOf(mode, modes[mode]!, relay, dbFloors[engineOf(mode)]),
      runStartedAt: latest.startedAt,
    };
  }
  for (const key of ["postgres", "postgres2", "pglite", "instances"]) {
    const kept = previous[key] as Record<string, unknown> | undefined;
    if (latest[key] === undefined && kept && (key !== "instances" || !modes.postgres))
      latest[key] = { ...kept, runStartedAt: kept.runStartedAt ?? previous.startedAt };
  }
  // One instance against two, same run (issue 12 "use the machine's cores"): highest passing rate
  // and server CPU per message of each.
  if (modes.postgres && modes.postgres2) {
    const one = latest.postgres as ReturnType<typeof headlineOf>;
    const two = latest.postgres2 as ReturnType<typeof headlineOf>;
    latest.instances = {
      max_rate: headline(
        two.max_rate.ours,
        one.max_rate.ours,
        "msg/s",
        "two instances (ours) vs one (floor), same run",
      ),
      server_cpu_per_msg: headline(
        two.server_cpu_per_msg.ours,
        one.server_cpu_per_msg.ours,
        "ms",
        `server CPU per message, both instances summed at ${two.rate} msg/s (ours) vs one instance at ${one.rate} msg/s (floor)`,
      ),
    };
  }
  fs.writeFileSync(latestFile, JSON.stringify(latest, null, 2) + "\n");
  console.log(`\nresults written to ${file} and ${path.relative(process.cwd(), latestFile)}`);
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
