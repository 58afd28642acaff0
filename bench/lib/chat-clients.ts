import path from "node:path";
import { fileURLToPath } from "node:url";
import { startChild, type RpcChild } from "./child.js";
import type { ConnectArgs, StepArgs, WorkerStepResult } from "./client-worker.js";
import { summarize, type Summary } from "./stats.js";

const workerFile = path.join(path.dirname(fileURLToPath(import.meta.url)), "client-worker.ts");

/** One offered-rate step, merged over every worker. */
export interface StepResult {
  step: number;
  offeredRate: number;
  seconds: number;
  offered: number;
  sent: number;
  acked: number;
  errors: number;
  errorSamples: string[];
  delivered: number;
  duplicates: number;
  misrouted: number;
  unknown: number;
  /** the sender's own tabs hearing their message (not counted as deliveries) */
  echoes: number;
  /** delivered messages per second from the step's start to its last delivery */
  sustainedRate: number;
  latency: Summary;
  ack: Summary;
  sendLag: Summary;
  /** per second of the step (by send time, over all workers): sent, delivered, worst latency (ms) */
  timeline: Array<{ sent: number; delivered: number; maxLatency: number }>;
  /** every message sent, delivered exactly once, in time, at ≥95% of the offered rate */
  pass: boolean;
  failReason: string | null;
  /** CPU of the load generators (cores) */
  clientCpu: number;
  reconnects: number;
}

/**
 * The load generators: `workers` child processes sharing the members (both members of each
 * pair in the same worker), driven together.
 */
export class ClientPool {
  private constructor(private readonly workers: RpcChild[]) {}

  /** Start `count` worker processes (stdout/stderr appended to `logFile`). */
  static async start(count: number, logFile?: string): Promise<ClientPool> {
    const workers = await Promise.all(Array.from({ length: count }, () => startChild(workerFile, { logFile })));
    return new ClientPool(workers);
  }

  get pids(): number[] {
    return this.workers.map((w) => w.pid);
  }

  /**
   * Open one socket per member (and subscribe, for the site), split over the workers in whole
   * pairs. @returns sockets connected, failures, and the wall time in ms.
   */
  async connect(args: Omit<ConnectArgs, "members">, members: ConnectArgs["members"]) {
    const pairs = Math.floor(members.length / 2);
    const per = Math.ceil(pairs / this.workers.length);
    const started = performance.now();
    const results = await Promise.all(
      this.workers.map((w, i) =>
        w.call<{ connected: number; failures: number; errors: string[] }>("connect", {
          ...args,
          members: members.slice(2 * per * i, 2 * per * (i + 1)),
        } satisfies ConnectArgs),
      ),
    );
    return {
      connected: results.reduce((a, r) => a + r.connected, 0),
      failures: results.reduce((a, r) => a + r.failures, 0),
      errors: results.flatMap((r) => r.errors),
      ms: performance.now() - started,
    };
  }

  /** Offer `rate` messages per second in total for `seconds`, then wait for the deliveries. */
  async step(
    stepNo: number,
    rate: number,
    seconds: number,
    opts: { drainMs?: number; maxInFlight?: number } = {},
  ): Promise<StepResult> {
    const per = rate / this.workers.length;
    const results = await Promise.all(
      this.workers.map((w) =>
        w.call<WorkerStepResult>("step", {
          step: stepNo,
          rate: per,
          seconds,
          drainMs: opts.drainMs ?? 10_000,
          maxInFlight: opts.maxInFlight ?? 1_000,
        } satisfies StepArgs),
      ),
    );
    return mergeStep(stepNo, rate, seconds, results);
  }

  /** Close every socket (the workers stay up). */
  async closeSockets(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.call("close")));
  }

  /** Stop the worker processes. */
  async stop(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.stop(5_000)));
  }
}

function mergeStep(stepNo: number, rate: number, seconds: number, rs: WorkerStepResult[]): StepResult {
  const sum = (f: (r: WorkerStepResult) => number) => rs.reduce((a, r) => a + f(r), 0);
  const cat = (f: (r: WorkerStepResult) => Float64Array) => {
    const out = new Float64Array(sum((r) => f(r).length));
    let o = 0;
    for (const r of rs) {
      out.set(f(r), o);
      o += f(r).length;
    }
    return out;
  };
  const delivered = sum((r) => r.delivered);
  const sent = sum((r) => r.sent);
  const offered = sum((r) => r.offered);
  const errors = sum((r) => r.errors);
  const duplicates = sum((r) => r.duplicates);
  const misrouted = sum((r) => r.misrouted);
  // Each worker's clock is its own: the step lasted, per worker, from its start to its last delivery.
  const span = Math.max(...rs.map((r) => Math.max(r.lastDeliveryAt, r.lastSendAt) - r.startedAt)) / 1000;
  const sustainedRate = span > 0 ? delivered / span : 0;
  let failReason: string | null = null;
  if (errors > 0) failReason = `${errors} sends failed`;
  else if (sent < offered) failReason = `only ${sent}/${offered} sent`;
  else if (delivered < sent) failReason = `${sent - delivered} of ${sent} not delivered within the drain time`;
  else if (duplicates > 0) failReason = `${duplicates} duplicates`;
  else if (misrouted > 0) failReason = `${misrouted} delivered to the wrong member`;
  else if (sustainedRate < 0.95 * rate) failReason = `fell behind: ${Math.round(sustainedRate)} msg/s delivered`;
  return {
    step: stepNo,
    offeredRate: rate,
    seconds,
    offered,
    sent,
    acked: sum((r) => r.acked),
    errors,
    errorSamples: rs.flatMap((r) => r.errorSamples).slice(0, 5),
    delivered,
    duplicates,
    misrouted,
    unknown: sum((r) => r.unknown),
    echoes: sum((r) => r.echoes),
    sustainedRate,
    latency: summarize(cat((r) => r.latencies)),
    ack: summarize(cat((r) => r.acks)),
    sendLag: summarize(cat((r) => r.lags)),
    timeline: rs[0]!.timeline.map((_, i) => ({
      sent: sum((r) => r.timeline[i]?.sent ?? 0),
      delivered: sum((r) => r.timeline[i]?.delivered ?? 0),
      maxLatency: Math.round(Math.max(...rs.map((r) => r.timeline[i]?.maxLatency ?? 0)) * 10) / 10,
    })),
    pass: failReason === null,
    failReason,
    clientCpu: sum((r) => r.cpuSeconds) / Math.max(span, 1e-3),
    reconnects: sum((r) => r.reconnects),
  };
}
