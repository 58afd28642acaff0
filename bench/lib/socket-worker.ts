/**
 * A load-generator process for `npm run bench:sockets`: holds a share of the members, each with
 * one tRPC WebSocket subscribed to `live.events` (cookie + Origin on the upgrade, as a page),
 * its client address one of 127.0.0.2–127.0.0.11 so 10,000 sockets do not run out of ports.
 * Reconnects after a server restart with jittered exponential backoff, resuming from the last
 * event id (tracked subscriptions). Sends the trickle of messages over HTTP (`chats.send`).
 *
 * IPC calls: connect {baseUrl, members, concurrency, addresses}, status, send {from, to},
 * deliveries, close.
 */
import crypto from "node:crypto";
import { createTRPCClient, createWSClient, httpLink, wsLink, type TRPCClient } from "@trpc/client";
import type { AppRouter } from "../../server/router.js";
import { serveRpc } from "./child.js";
import { keepAliveFetch } from "./http.js";
import { cookieWebSocket } from "./cookie-websocket.js";
import { reconnectDelayMs } from "../../client/lib/reconnect.js";

interface Member {
  id: number;
  cookie: string;
  opens: number;
  /** subscriptions started (1 after connecting; +1 after each resubscription) */
  starts: number;
  lastStartAt: number;
  close(): void;
}

let baseUrl = "";
const members = new Map<number, Member>();
/** clientId → times delivered to its recipient */
const delivered = new Map<string, number>();
let sendClient: TRPCClient<AppRouter> | null = null;
let closes = 0;

async function connectOne(m: Member, localAddress: string): Promise<void> {
  const wsClient = createWSClient({
    url: `${baseUrl.replace(/^http/, "ws")}/trpc`,
    WebSocket: cookieWebSocket(m.cookie, baseUrl, { localAddress }, (socket) => socket.once("close", () => closes++)),
    retryDelayMs: (attempt) => reconnectDelayMs(attempt), // the browser's own back-off (client/lib/reconnect.ts)
    onOpen: () => {
      m.opens++;
    },
  });
  const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });
  await new Promise<void>((resolve, reject) => {
    let started = false;
    const sub = client.live.events.subscribe(undefined, {
      onStarted: () => {
        m.starts++;
        m.lastStartAt = Date.now();
        if (!started) {
          started = true;
          resolve();
        }
      },
      onData: (env) => {
        const data = (env as unknown as { data: { type: string; message?: { clientId: string; senderId: number } } })
          .data;
        if (data.type === "message.new" && data.message && data.message.senderId !== m.id) {
          delivered.set(data.message.clientId, (delivered.get(data.message.clientId) ?? 0) + 1);
        }
      },
      onError: (err) => {
        if (!started) reject(err);
      },
    });
    m.close = () => {
      sub.unsubscribe();
      void wsClient.close();
    };
  });
}

serveRpc({
  connect: async (args: {
    baseUrl: string;
    members: Array<{ id: number; cookie: string }>;
    concurrency: number;
    addresses: string[];
  }) => {
    baseUrl = args.baseUrl;
    if (!sendClient) {
      const { fetch } = keepAliveFetch({ maxSockets: 16 });
      sendClient = createTRPCClient<AppRouter>({
        links: [
          httpLink({
            url: `${baseUrl}/trpc`,
            fetch,
            headers: ({ op }) => ({ cookie: `auth=${(op.context as { cookie: string }).cookie}` }),
          }),
        ],
      });
    }
    const queue = args.members.map((x, i) => ({ x, i }));
    let failures = 0;
    const errors: string[] = [];
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: args.concurrency }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const m: Member = { ...next.x, opens: 0, starts: 0, lastStartAt: 0, close: () => {} };
          members.set(m.id, m);
          try {
            await connectOne(m, args.addresses[next.i % args.addresses.length]!);
          } catch (err) {
            failures++;
            if (errors.length < 5) errors.push(String(err));
          }
        }
      }),
    );
    return { connected: args.members.length - failures, failures, errors, ms: performance.now() - t0 };
  },
  /** How many members have a started subscription, how many resubscribed since `since` (epoch ms). */
  status: (args: { since?: number }) => {
    let started = 0;
    let restartedSince = 0;
    let lastStart = 0;
    for (const m of members.values()) {
      if (m.starts > 0) started++;
      if (args.since && m.lastStartAt >= args.since) {
        restartedSince++;
        lastStart = Math.max(lastStart, m.lastStartAt);
      }
    }
    return { members: members.size, started, restartedSince, lastStart, closes };
  },
  /** Send one message from `from` (a member of this worker) to `to`; returns its clientId. */
  send: async (args: { from: number; to: number }) => {
    const m = members.get(args.from);
    if (!m || !sendClient) throw new Error(`no member ${args.from} here`);
    const clientId = crypto.randomUUID();
    await sendClient.chats.send.mutate(
      { toProfileId: args.to, clientId, body: `trickle ${clientId.slice(0, 8)}` },
      { context: { cookie: m.cookie } },
    );
    return clientId;
  },
  deliveries: (args: { clientIds: string[] }) => args.clientIds.map((id) => delivered.get(id) ?? 0),
  close: () => {
    for (const m of members.values()) m.close();
    members.clear();
  },
  stop: () => {
    for (const m of members.values()) m.close();
    setTimeout(() => process.exit(0), 100);
  },
});
