/**
 * A load-generator process: holds a share of the bench members, each with its own WebSocket,
 * and sends messages between fixed pairs at an offered rate. Both members of a pair live in
 * the same worker, so send and receive times come from one clock.
 *
 * Two transports:
 *  - "trpc": the site. Each member has a tRPC client over its own WebSocket (cookie + Origin on
 *    the upgrade, as a page would) subscribed to `live.events`; messages are sent with the
 *    `chats.send` mutation on that socket (what the browser does while its socket is open,
 *    client/lib/trpc.ts SOCKET_CALLS), acknowledged after commit, and arrive at the recipient as
 *    a `message.new` event.
 *  - "relay": the floor. A raw `ws` socket per member to the bare relay; a message is sent on
 *    the sender's socket and arrives on the recipient's.
 *
 * IPC calls: connect, step, close (see lib/chat-clients.ts for the parent side).
 */
import crypto from "node:crypto";
import { createTRPCClient, createWSClient, wsLink, type TRPCClient } from "@trpc/client";
import WS from "ws";
import type { AppRouter } from "../../server/router.js";
import { serveRpc } from "./child.js";
import { cookieWebSocket } from "./cookie-websocket.js";

export type Transport = "trpc" | "relay";

export interface ConnectArgs {
  transport: Transport;
  /** http://127.0.0.1:port (site) or ws://127.0.0.1:port (relay) */
  baseUrl: string;
  /**
   * Several instances of the site (bench:chat's two-instance mode): member i of this call uses
   * instance i mod n for its socket and its sends, so the two members of a pair sit on different
   * instances and every message crosses the bus. Default: [baseUrl].
   */
  baseUrls?: string[];
  members: Array<{ id: number; cookie?: string }>;
  /** sockets opened at a time */
  concurrency: number;
}

export interface StepArgs {
  step: number;
  /** messages per second offered by this worker */
  rate: number;
  seconds: number;
  /** how long to wait for the last deliveries after the last send */
  drainMs: number;
  /** sends awaiting their answer at most (open loop until then) */
  maxInFlight: number;
}

/** What one worker saw during one step. Times are this worker's performance.now(). */
export interface WorkerStepResult {
  offered: number;
  sent: number;
  acked: number;
  errors: number;
  errorSamples: string[];
  delivered: number;
  duplicates: number;
  misrouted: number;
  unknown: number;
  echoes: number;
  /** send → receive at the recipient, ms */
  latencies: Float64Array;
  /** send → acknowledgement (the mutation's answer on the socket), ms; empty for the relay */
  acks: Float64Array;
  /** how late each send left against its schedule, ms */
  lags: Float64Array;
  /** per second of the step (by send time): messages sent, and the worst send→receive latency among them */
  timeline: Array<{ sent: number; delivered: number; maxLatency: number }>;
  startedAt: number;
  lastSendAt: number;
  lastDeliveryAt: number;
  /** true when every sent message was delivered before the drain timeout */
  drained: boolean;
  cpuSeconds: number;
  reconnects: number;
}

interface Member {
  id: number;
  cookie?: string;
  /** the instance this member's socket and sends go to */
  base: string;
  opens: number;
  close(): void;
  /** relay only */
  socket?: WS;
  /** trpc only */
  trpc?: TRPCClient<AppRouter>;
}

interface Pending {
  t0: number;
  step: number;
  to: number;
}

let transport: Transport = "trpc";
let baseUrl = "";
let members: Member[] = [];
const pending = new Map<string, Pending>();
const deliveredKeys = new Set<string>();
let counter = 0;
let current: {
  step: number;
  delivered: number;
  duplicates: number;
  misrouted: number;
  unknown: number;
  echoes: number;
  latencies: number[];
  lastDeliveryAt: number;
  startedAt: number;
  timeline: Array<{ sent: number; delivered: number; maxLatency: number }>;
} | null = null;
let reconnects = 0;

/** Duplicates and strays seen while no step was running (counted into the next step). */
let idleDuplicates = 0;
let idleUnknown = 0;

function onDelivery(me: Member, key: string, senderId: number): void {
  const now = performance.now();
  if (senderId === me.id) {
    if (current) current.echoes++;
    return;
  }
  const p = pending.get(key);
  if (!p) {
    if (deliveredKeys.has(key)) {
      if (current) current.duplicates++;
      else idleDuplicates++;
    } else if (current) current.unknown++;
    else idleUnknown++;
    return;
  }
  pending.delete(key);
  deliveredKeys.add(key);
  if (!current) return;
  if (p.to !== me.id) current.misrouted++;
  if (p.step === current.step) {
    current.delivered++;
    current.latencies.push(now - p.t0);
    current.lastDeliveryAt = now;
    const b = current.timeline[Math.floor((p.t0 - current.startedAt) / 1000)];
    if (b) {
      b.delivered++;
      b.maxLatency = Math.max(b.maxLatency, now - p.t0);
    }
  }
}

async function connectOne(m: Member): Promise<void> {
  if (transport === "relay") {
    await new Promise<void>((resolve, reject) => {
      const socket = new WS(`${baseUrl}/?id=${m.id}`);
      socket.once("open", () => {
        m.opens++;
        resolve();
      });
      socket.once("error", reject);
      socket.on("message", (data) => {
        const msg = JSON.parse(data.toString()) as { k: string; from: number };
        onDelivery(m, msg.k, msg.from);
      });
      m.socket = socket;
      m.close = () => socket.close();
    });
    return;
  }
  const wsClient = createWSClient({
    url: `${m.base.replace(/^http/, "ws")}/trpc`,
    WebSocket: cookieWebSocket(m.cookie!, m.base),
    retryDelayMs: () => 500,
    onOpen: () => {
      m.opens++;
      if (m.opens > 1) reconnects++;
    },
  });
  const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });
  m.trpc = client;
  await new Promise<void>((resolve, reject) => {
    let started = false;
    const sub = client.live.events.subscribe(undefined, {
      onStarted: () => {
        if (!started) {
          started = true;
          resolve();
        }
      },
      onData: (env) => {
        const data = (env as unknown as { data: { type: string; message?: { clientId: string; senderId: number } } })
          .data;
        if (data.type === "message.new" && data.message) onDelivery(m, data.message.clientId, data.message.senderId);
      },
      onError: (err) => {
        if (!started) reject(err);
        else process.stderr.write(`subscription error for member ${m.id}: ${String(err)}\n`);
      },
    });
    m.close = () => {
      sub.unsubscribe();
      wsClient.close();
    };
  });
}

async function connect(args: ConnectArgs) {
  transport = args.transport;
  baseUrl = args.baseUrl;
  // Called again, it adds members (whole pairs) to those already connected.
  const bases = args.baseUrls?.length ? args.baseUrls : [args.baseUrl];
  const added: Member[] = args.members.map((m, i) => ({
    id: m.id,
    cookie: m.cookie,
    base: bases[i % bases.length]!,
    opens: 0,
    close: () => {},
  }));
  if (added.length % 2) added.pop(); // pairs only
  members.push(...added);
  const started = performance.now();
  let next = 0;
  let failures = 0;
  const errors: string[] = [];
  await Promise.all(
    Array.from({ length: args.concurrency }, async () => {
      while (next < added.length) {
        const m = added[next++]!;
        try {
          await connectOne(m);
        } catch (err) {
          failures++;
          if (errors.length < 3) errors.push(String(err));
        }
      }
    }),
  );
  return { connected: added.length - failures, failures, errors, ms: performance.now() - started };
}

function sendOne(from: Member, to: Member, key: string): Promise<void> {
  if (transport === "relay") {
    from.socket!.send(JSON.stringify({ to: to.id, k: key, from: from.id, body: `bench message ${key}` }));
    return Promise.resolve();
  }
  return from
    .trpc!.chats.send.mutate({ toProfileId: to.id, clientId: key, body: `bench message ${counter}` })
    .then(() => undefined);
}

async function step(args: StepArgs): Promise<WorkerStepResult> {
  const pairs = members.length / 2;
  const total = Math.round(args.rate * args.seconds);
  const interval = 1000 / args.rate;
  const cpu0 = process.cpuUsage();
  const reconnects0 = reconnects;
  const startedAt = performance.now();
  current = {
    step: args.step,
    delivered: 0,
    duplicates: idleDuplicates,
    misrouted: 0,
    unknown: idleUnknown,
    echoes: 0,
    latencies: [],
    lastDeliveryAt: 0,
    startedAt,
    timeline: Array.from({ length: Math.ceil(args.seconds) + 1 }, () => ({ sent: 0, delivered: 0, maxLatency: 0 })),
  };
  idleDuplicates = 0;
  idleUnknown = 0;
  const acks: number[] = [];
  const lags: number[] = [];
  const errorSamples: string[] = [];
  let sent = 0;
  let acked = 0;
  let errors = 0;
  let inFlight = 0;
  let lastSendAt = 0;

  const fire = (scheduled: number) => {
    const c = counter++;
    const pair = c % pairs;
    const forward = Math.floor(c / pairs) % 2 === 0;
    const a = members[2 * pair]!;
    const b = members[2 * pair + 1]!;
    const [from, to] = forward ? [a, b] : [b, a];
    const key = transport === "trpc" ? crypto.randomUUID() : `${process.pid}-${c}`;
    const t0 = performance.now();
    lags.push(t0 - scheduled);
    pending.set(key, { t0, step: args.step, to: to.id });
    sent++;
    const bucket = current!.timeline[Math.floor((t0 - startedAt) / 1000)];
    if (bucket) bucket.sent++;
    lastSendAt = t0;
    if (transport === "relay") {
      sendOne(from, to, key);
      acked++;
      return;
    }
    inFlight++;
    sendOne(from, to, key).then(
      () => {
        inFlight--;
        acked++;
        acks.push(performance.now() - t0);
      },
      (err: unknown) => {
        inFlight--;
        errors++;
        pending.delete(key);
        if (errorSamples.length < 5) errorSamples.push(err instanceof Error ? err.message : String(err));
      },
    );
  };

  await new Promise<void>((resolve) => {
    let k = 0;
    const tick = () => {
      const now = performance.now();
      const due = Math.min(total, Math.floor((now - startedAt) / interval) + 1);
      while (k < due && inFlight < args.maxInFlight) {
        fire(startedAt + k * interval);
        k++;
      }
      if (k >= total) return resolve();
      const wait = startedAt + k * interval - performance.now();
      setTimeout(tick, Math.max(0, Math.min(wait, 5)));
    };
    tick();
  });

  // Drain: every send answered, and every acknowledged message delivered.
  const deadline = performance.now() + args.drainMs;
  while (performance.now() < deadline) {
    if (inFlight === 0 && current.delivered >= acked) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  const drained = inFlight === 0 && current.delivered >= acked;
  // Forget what was never delivered: a later step must not count it.
  for (const [key, p] of pending) if (p.step === args.step) pending.delete(key);
  const cpu = process.cpuUsage(cpu0);
  const result: WorkerStepResult = {
    offered: total,
    sent,
    acked,
    errors,
    errorSamples,
    delivered: current.delivered,
    duplicates: current.duplicates,
    misrouted: current.misrouted,
    unknown: current.unknown,
    echoes: current.echoes,
    latencies: Float64Array.from(current.latencies),
    acks: Float64Array.from(acks),
    lags: Float64Array.from(lags),
    timeline: current.timeline,
    startedAt,
    lastSendAt,
    lastDeliveryAt: current.lastDeliveryAt,
    drained,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    reconnects: reconnects - reconnects0,
  };
  // Keep the step open a little longer for late duplicates, then close it.
  await new Promise((r) => setTimeout(r, 200));
  result.duplicates = current.duplicates;
  result.unknown = current.unknown;
  current = null;
  return result;
}

serveRpc({
  connect,
  step,
  close: async () => {
    for (const m of members) m.close();
    members = [];
    await new Promise((r) => setTimeout(r, 200));
    return { closed: true };
  },
  stop: async () => {
    for (const m of members) m.close();
  },
});
