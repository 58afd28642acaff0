import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";

/**
 * Child processes driven over IPC with request/response calls.
 *
 * The parent calls `child.call(cmd, args)`; the child answers with `serveRpc(handlers)`.
 * Every child started here is killed when the parent exits (normally or on a signal), so a
 * failed run leaves nothing running.
 */

interface RpcRequest {
  rpc: number;
  cmd: string;
  args: unknown;
}
interface RpcReply {
  rpc: number;
  ok: boolean;
  result?: unknown;
  error?: string;
}

/** A forked TypeScript child with a promise-based call interface. */
export interface RpcChild {
  readonly proc: ChildProcess;
  readonly pid: number;
  /** Call a handler in the child; rejects with the child's error message, or when it exits. */
  call<T = unknown>(cmd: string, args?: unknown, timeoutMs?: number): Promise<T>;
  /** Ask the child to stop ("stop" handler), then kill it if it has not exited within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** Resolves with the exit code when the child exits. */
  readonly exited: Promise<number | null>;
}

const live = new Set<ChildProcess>();
const cleanups = new Set<() => Promise<unknown>>();
let exitHooked = false;

/**
 * Run `fn` if the run is interrupted by a signal (e.g. drop a scratch database); the returned
 * function unregisters it (call it once the normal path has cleaned up).
 */
export function onInterrupt(fn: () => Promise<unknown>): () => void {
  hookExit();
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}

function hookExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  const killAll = () => {
    for (const p of live) {
      try {
        p.kill("SIGKILL");
      } catch {
        /* already gone */
      }
    }
  };
  process.on("exit", killAll);
  for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.once(sig, () => {
      process.stderr.write(`\nbench interrupted by ${sig}: stopping children and cleaning up\n`);
      killAll();
      const timeout = new Promise((r) => setTimeout(r, 5_000));
      void Promise.race([Promise.allSettled([...cleanups].map((f) => f())), timeout]).finally(() => process.exit(130));
    });
  }
}

/**
 * Fork `file` (a .ts module, run through the same tsx loader as the parent) with IPC.
 * Resolves once the child has sent `{ ready: true, ...info }`; `info` is returned with the child.
 *
 * @param opts.env the child's whole environment (defaults to the parent's).
 * @param opts.execArgv extra Node flags (e.g. --expose-gc), added to the parent's loader flags.
 * @param opts.logFile where the child's stdout/stderr go (default: inherited).
 */
export async function startChild<Info = Record<string, unknown>>(
  file: string,
  opts: { env?: NodeJS.ProcessEnv; execArgv?: string[]; logFile?: string; readyTimeoutMs?: number } = {},
): Promise<RpcChild & { info: Info }> {
  hookExit();
  let out: number | undefined;
  if (opts.logFile) out = fs.openSync(opts.logFile, "a");
  const proc = fork(file, [], {
    env: opts.env ?? process.env,
    execArgv: [...process.execArgv, ...(opts.execArgv ?? [])],
    stdio: out !== undefined ? ["ignore", out, out, "ipc"] : ["inherit", "inherit", "inherit", "ipc"],
    serialization: "advanced",
  });
  if (out !== undefined) fs.closeSync(out);
  live.add(proc);
  const pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void; timer?: NodeJS.Timeout }
  >();
  let nextId = 1;
  let readyResolve!: (info: Info) => void;
  let readyReject!: (e: Error) => void;
  const ready = new Promise<Info>((res, rej) => {
    readyResolve = res;
    readyReject = rej;
  });
  const exited = new Promise<number | null>((resolve) => {
    proc.once("exit", (code, signal) => {
      live.delete(proc);
      const err = new Error(`child ${file} exited (code ${code}, signal ${signal})`);
      readyReject(err);
      for (const p of pending.values()) {
        if (p.timer) clearTimeout(p.timer);
        p.reject(err);
      }
      pending.clear();
      resolve(code);
    });
  });
  proc.on("message", (raw) => {
    const msg = raw as Partial<RpcReply> & { ready?: boolean };
    if (msg.ready) {
      readyResolve(msg as unknown as Info);
      return;
    }
    if (typeof msg.rpc !== "number") return;
    const p = pending.get(msg.rpc);
    if (!p) return;
    pending.delete(msg.rpc);
    if (p.timer) clearTimeout(p.timer);
    if (msg.ok) p.resolve(msg.result);
    else p.reject(new Error(msg.error ?? "child call failed"));
  });

  const readyTimer = setTimeout(
    () => readyReject(new Error(`child ${file} not ready in time`)),
    opts.readyTimeoutMs ?? 120_000,
  );
  let info: Info;
  try {
    info = await ready;
  } catch (err) {
    proc.kill("SIGKILL");
    throw err;
  } finally {
    clearTimeout(readyTimer);
  }

  const child: RpcChild & { info: Info } = {
    proc,
    pid: proc.pid!,
    info,
    exited,
    call<T>(cmd: string, args?: unknown, timeoutMs = 600_000): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return reject(new Error(`child ${file} has exited`));
        const rpc = nextId++;
        const timer = setTimeout(() => {
          pending.delete(rpc);
          reject(new Error(`child call ${cmd} timed out after ${timeoutMs} ms`));
        }, timeoutMs);
        pending.set(rpc, { resolve: resolve as (v: unknown) => void, reject, timer });
        proc.send({ rpc, cmd, args } satisfies RpcRequest);
      });
    },
    async stop(graceMs = 10_000) {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const timer = setTimeout(() => proc.kill("SIGKILL"), graceMs);
      child.call("stop", undefined, graceMs).catch(() => {});
      await exited;
      clearTimeout(timer);
    },
  };
  return child;
}

/**
 * In a child: answer the parent's calls with `handlers`, then tell it we are ready with `info`.
 * A "stop" handler, if given, runs before the process exits; without one the child just exits.
 */
export function serveRpc(
  handlers: Record<string, (args: any) => unknown | Promise<unknown>>,
  info: Record<string, unknown> = {},
): void {
  if (!process.send) throw new Error("serveRpc: not started with an IPC channel");
  process.on("message", async (raw) => {
    const msg = raw as Partial<RpcRequest>;
    if (typeof msg.rpc !== "number" || typeof msg.cmd !== "string") return;
    if (msg.cmd === "stop") {
      try {
        await handlers.stop?.(msg.args);
      } finally {
        process.send?.({ rpc: msg.rpc, ok: true } satisfies RpcReply);
        setTimeout(() => process.exit(0), 20);
      }
      return;
    }
    const handler = handlers[msg.cmd];
    try {
      if (!handler) throw new Error(`unknown command ${msg.cmd}`);
      const result = await handler(msg.args);
      process.send?.({ rpc: msg.rpc, ok: true, result } satisfies RpcReply);
    } catch (err) {
      process.send?.({
        rpc: msg.rpc,
        ok: false,
        error: err instanceof Error ? (err.stack ?? err.message) : String(err),
      } satisfies RpcReply);
    }
  });
  // The parent going away (crash, kill) must take us with it.
  process.on("disconnect", () => process.exit(0));
  process.send({ ready: true, ...info });
}

/** Process memory after a full garbage collection (needs --expose-gc; otherwise as is). */
export async function memoryAfterGc(): Promise<NodeJS.MemoryUsage> {
  // V8's "last resort" major GC (what it runs before giving up on an allocation) also hands the
  // pages it pooled during a burst back to the system: a plain gc() leaves them in the RSS, so
  // the RSS of a process that just did a burst of work (2,000 sockets connecting, each with
  // database queries) would count transient garbage as memory kept per connection.
  const gc = (globalThis as { gc?: (opts?: { type: string; flavor: string }) => void }).gc;
  if (gc) {
    for (let i = 0; i < 3; i++) {
      gc({ type: "major", flavor: "last-resort" });
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return process.memoryUsage();
}
