import fs from "node:fs";

/**
 * CPU accounting from /proc (Linux), to say what limited a step: the server, the load
 * generators, PostgreSQL/Redis, or the machine as a whole.
 */

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** A snapshot of CPU counters: machine-wide and per watched process. */
export interface CpuSnapshot {
  at: number;
  machineBusy: number;
  machineTotal: number;
  /** clock ticks (user+system) per pid */
  pids: Map<number, number>;
  /** clock ticks (user+system) summed over processes by command name */
  names: Map<string, number>;
}

function readMachine(): { busy: number; total: number } {
  const line = fs.readFileSync("/proc/stat", "utf8").split("\n", 1)[0]!;
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (v[3] ?? 0) + (v[4] ?? 0); // idle + iowait
  const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

function readPid(pid: number): { comm: string; ticks: number } | null {
  try {
    const s = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const close = s.lastIndexOf(")");
    const comm = s.slice(s.indexOf("(") + 1, close);
    const f = s.slice(close + 2).split(" ");
    // fields after ")": state(0) ppid(1) ... utime(11) stime(12)
    return { comm, ticks: Number(f[11]) + Number(f[12]) };
  } catch {
    return null;
  }
}

/** A PostgreSQL backend serving another database than `db` (other people's tests share the server). */
function isOtherDatabaseBackend(pid: number, db: string): boolean {
  try {
    const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
    // "postgres: 15/main: <user> <db> 127.0.0.1(port) idle" or "postgres: 15/main: autovacuum worker <db>"
    const m = /^postgres: (?:\S+: )?(?:autovacuum worker (\S+)|\S+ (\S+) (?:\S+\(\d+\)|\[local\]))/.exec(cmd);
    const backendDb = m ? (m[1] ?? m[2]) : undefined;
    return backendDb !== undefined && backendDb !== db;
  } catch {
    return false;
  }
}

/**
 * Take a snapshot: the machine, the given pids, and every process whose command name is in
 * `names` (e.g. "postgres", "redis-server"). With `pgDatabase`, PostgreSQL backends of other
 * databases are left out (the shared WAL writer, checkpointer etc. are kept).
 */
export function cpuSnapshot(pids: number[], names: string[] = [], pgDatabase?: string): CpuSnapshot {
  const m = readMachine();
  const snap: CpuSnapshot = {
    at: performance.now(),
    machineBusy: m.busy,
    machineTotal: m.total,
    pids: new Map(),
    names: new Map(),
  };
  for (const pid of pids) snap.pids.set(pid, readPid(pid)?.ticks ?? 0);
  if (names.length) {
    for (const entry of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      const p = readPid(Number(entry));
      if (!p || !names.includes(p.comm)) continue;
      if (pgDatabase && p.comm === "postgres" && isOtherDatabaseBackend(Number(entry), pgDatabase)) continue;
      snap.names.set(p.comm, (snap.names.get(p.comm) ?? 0) + p.ticks);
    }
  }
  return snap;
}

/** CPU use between two snapshots, in cores (1.0 = one core fully busy). */
export interface CpuUse {
  /** the whole machine, in cores busy */
  machine: number;
  /** number of cores of the machine */
  cores: number;
  byPid: Record<number, number>;
  byName: Record<string, number>;
}

/** Cores used between `a` and `b` (b later). */
export function cpuBetween(a: CpuSnapshot, b: CpuSnapshot): CpuUse {
  const seconds = (b.at - a.at) / 1000;
  const cores = Math.max(1, (b.machineTotal - a.machineTotal) / TICKS_PER_SECOND / Math.max(seconds, 1e-3));
  const busyFrac = (b.machineBusy - a.machineBusy) / Math.max(1, b.machineTotal - a.machineTotal);
  const out: CpuUse = { machine: busyFrac * Math.round(cores), cores: Math.round(cores), byPid: {}, byName: {} };
  for (const [pid, t] of b.pids) out.byPid[pid] = (t - (a.pids.get(pid) ?? t)) / TICKS_PER_SECOND / seconds;
  for (const [name, t] of b.names)
    out.byName[name] = Math.max(0, (t - (a.names.get(name) ?? 0)) / TICKS_PER_SECOND / seconds);
  return out;
}
