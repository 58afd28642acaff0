import cluster from "node:cluster";
import os from "node:os";
import { loadConfig } from "./config.js";

/**
 * `npm run start:cluster` — as many server instances as cores on one machine, behind one port
 * (issue 12). One Node process uses one core; Node's cluster module lets WEB_CONCURRENCY workers
 * (default: os.availableParallelism()) share PORT, the primary handing out connections in turn
 * (WebSockets included). Each worker is a full instance (server/main.ts) with its own database
 * pool, so the workers need what several instances need (ARCHITECTURE "Real time"): PostgreSQL
 * (DATABASE_URL; the embedded PGlite belongs to one process) and the Redis bus (REDIS_URL), which
 * carries every live hint and session end between them. Pool sizes add up: WEB_CONCURRENCY ×
 * DATABASE_POOL_MAX connections.
 *
 * The primary restarts a worker that dies (after 1 s) and, on SIGTERM/SIGINT, passes the signal
 * on and exits when every worker has drained (each stops as server/main.ts does).
 */
/**
 * What the primary needs before it forks: a valid configuration (loadConfig throws otherwise),
 * PostgreSQL and Redis, and WEB_CONCURRENCY a whole number from 1 to 64.
 * @returns the number of workers to start; prints the reason and exits 1 when something is missing.
 */
function preflight(): number {
  const config = loadConfig();
  if (!config.DATABASE_URL || !config.REDIS_URL) {
    console.error(
      "start:cluster needs DATABASE_URL (PostgreSQL) and REDIS_URL: PGlite and the in-process bus serve one process",
    );
    process.exit(1);
  }
  const count = Number(process.env.WEB_CONCURRENCY ?? os.availableParallelism());
  if (!Number.isInteger(count) || count < 1 || count > 64) {
    console.error(`WEB_CONCURRENCY must be a whole number from 1 to 64 (got ${process.env.WEB_CONCURRENCY})`);
    process.exit(1);
  }
  return count;
}

// `--preflight` (npm run start:cluster, before the build): only the checks, so a missing setting
// is told at once rather than after a build.
if (cluster.isPrimary && process.argv.includes("--preflight")) {
  preflight();
} else if (cluster.isPrimary) {
  const count = preflight();
  let stopping = false;
  const fork = (n: number) => cluster.fork({ INSTANCE_ID: `${process.env.INSTANCE_ID ?? os.hostname()}-${n}` });
  const slots = new Map<number, number>();
  for (let n = 1; n <= count; n++) slots.set(fork(n).id, n);
  cluster.on("exit", (worker, code, signal) => {
    const n = slots.get(worker.id);
    slots.delete(worker.id);
    if (stopping) {
      if (slots.size === 0) process.exit(0);
      return;
    }
    console.error(`worker ${n} exited (${signal ?? code}); starting it again`);
    setTimeout(() => {
      if (!stopping && n !== undefined) slots.set(fork(n).id, n);
    }, 1000);
  });
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(signal);
      if (slots.size === 0) process.exit(0);
    });
  }
} else {
  await import("./main.js");
}
