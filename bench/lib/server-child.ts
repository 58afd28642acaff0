/**
 * The server under test, in its own process so its memory and CPU can be measured apart
 * from the load generators. Built exactly as server/main.ts builds it (loadConfig from the
 * environment, buildApp, listen), on 127.0.0.1 and a free port.
 *
 * IPC calls (see lib/child.ts):
 *  - seed {count, passwordHash, credits} → {members: [{id, email}]}: members created straight in
 *    the database (the embedded PGlite lives in this process, so nobody else can write to it).
 *  - sessions {ids} → {tokens}: sessions created straight in the database (no argon2 login).
 *  - dbConnections → backends of this database in pg_stat_activity (PostgreSQL mode).
 *  - memory → process.memoryUsage() after a full GC.
 *  - loopDelay → event-loop delay p50/p99/max (ms) since the previous call.
 *  - gauges → ws_connections_open, trpc_subscriptions_active, chat_messages_sent_total.
 *  - profileStart / profileStop {file} → a V8 CPU profile of what happens in between.
 *  - allocStart / allocStop {file} → a V8 sampling heap profile of what is allocated in between
 *    (objects the collector freed meanwhile included: what the work allocates, not what it keeps).
 *  - heapSnapshot {file} → a V8 heap snapshot after a full GC (what idle connections keep alive).
 *  - stop → close the app gracefully.
 */
import fs from "node:fs";
import { Session } from "node:inspector/promises";
import { monitorEventLoopDelay } from "node:perf_hooks";
import v8 from "node:v8";
import { buildApp } from "../../server/app.js";
import { loadConfig } from "../../server/config.js";
import { memoryAfterGc, serveRpc } from "./child.js";
import { seedMembers } from "./members.js";
import { createSession } from "../../server/features/accounts/sessions.service.js";

const config = loadConfig(process.env);
const built = await buildApp(config);
await built.app.listen({ host: "127.0.0.1", port: config.PORT });
const address = built.app.server.address();
if (!address || typeof address === "string") throw new Error("no TCP address");

async function gauge(name: string): Promise<number> {
  const metric = built.deps.metrics.registry.getSingleMetric(name);
  if (!metric) return NaN;
  const data = await metric.get();
  return data.values.reduce((a, v) => a + v.value, 0);
}

let inspector: Session | null = null;
let allocInspector: Session | null = null;
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

serveRpc(
  {
    seed: (args: { count: number; passwordHash: string; credits: number }) => seedMembers(built.deps.db, args),
    /** Sessions created straight in the database (bench:sockets: 10,000 argon2 logins would take minutes) → cookie tokens. */
    sessions: async (args: { ids: number[] }) => {
      const tokens: string[] = [];
      for (const id of args.ids) tokens.push((await createSession(built.deps.db, id)).token);
      return { tokens };
    },
    /** Connections of this server's database pool that PostgreSQL sees (bench:sockets). */
    dbConnections: async () => {
      const { sql } = await import("kysely");
      const r = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_stat_activity where datname = current_database()`.execute(built.deps.db);
      return r.rows[0]?.n ?? null;
    },
    memory: () => memoryAfterGc(),
    /** Event-loop delay since the last call (ms): how long the main thread was blocked at worst. */
    loopDelay: () => {
      const out = {
        p50: loopDelay.percentile(50) / 1e6,
        p99: loopDelay.percentile(99) / 1e6,
        max: loopDelay.max / 1e6,
      };
      loopDelay.reset();
      return out;
    },
    gauges: async () => ({
      wsConnectionsOpen: await gauge("ws_connections_open"),
      subscriptionsActive: await gauge("trpc_subscriptions_active"),
      messagesSent: await gauge("chat_messages_sent_total"),
    }),
    /** Start the V8 CPU profiler (for BENCH_SERVER_PROF). */
    profileStart: async () => {
      inspector ??= new Session();
      inspector.connect();
      await inspector.post("Profiler.enable");
      await inspector.post("Profiler.setSamplingInterval", { interval: 500 });
      await inspector.post("Profiler.start");
    },
    /** Stop the profiler and write the profile to `file` (open it in Chrome DevTools). */
    profileStop: async (args: { file: string }) => {
      if (!inspector) return null;
      const { profile } = await inspector.post("Profiler.stop");
      fs.writeFileSync(args.file, JSON.stringify(profile));
      inspector.disconnect();
      inspector = null;
      return args.file;
    },
    /** Start V8's sampling heap profiler (for BENCH_SERVER_ALLOC): a sample every 4 KB allocated. */
    allocStart: async () => {
      allocInspector ??= new Session();
      allocInspector.connect();
      await allocInspector.post("HeapProfiler.enable");
      await allocInspector.post("HeapProfiler.startSampling", {
        samplingInterval: 4096,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
    },
    /** Stop it and write the profile to `file` (tsx bench/lib/alloc-top.ts <file> <messages>). */
    allocStop: async (args: { file: string }) => {
      if (!allocInspector) return null;
      const { profile } = await allocInspector.post("HeapProfiler.stopSampling");
      fs.writeFileSync(args.file, JSON.stringify(profile));
      allocInspector.disconnect();
      allocInspector = null;
      return args.file;
    },
    /** Write a heap snapshot (open it in Chrome DevTools' Memory tab). */
    heapSnapshot: async (args: { file: string }) => {
      await memoryAfterGc();
      return v8.writeHeapSnapshot(args.file);
    },
    stop: () => built.close(),
  },
  { port: address.port, dbMode: built.deps.dbMode, bus: built.deps.bus.kind },
);
