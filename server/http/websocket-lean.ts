import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import type { Logger } from "../infra/logger.js";
import type { Metrics } from "../infra/metrics.js";

/**
 * Memory per idle WebSocket (issue 12: server RSS per idle authenticated connection ≤ 3 × a bare
 * `ws` relay's). A socket lives for hours; whatever its upgrade request leaves reachable stays in
 * memory that long. Measured with heap snapshots of 2,000 idle subscribed sockets, the upgrade
 * kept alive per socket: Fastify's request and reply with its child logger (through
 * @fastify/websocket's per-socket `error` listener), the ServerResponse @fastify/websocket
 * creates for routing (through the TCP socket's `_httpMessage`, with helmet's headers on it) and
 * the IncomingMessage with its raw headers (through tRPC's connection handler, which keeps `req`
 * for its context and error callbacks). This module keeps only what the connection uses.
 */

/** What a WebSocket's tRPC context reads of its upgrade request (trpc/context.ts, createURL in tRPC). */
export interface SlimUpgradeRequest {
  url: string;
  headers: { host?: string; cookie?: string; "x-forwarded-proto"?: string | string[] };
  socket: { remoteAddress: string | undefined; encrypted: boolean };
}

/**
 * The parts of an upgrade request a WebSocket connection needs, without the request itself.
 * @param clientIp the client's address as the HTTP routes see it (Fastify's `req.ip`, which
 *   applies TRUST_PROXY); the TCP peer's when not given.
 */
export function slimUpgradeRequest(raw: IncomingMessage, clientIp?: string): SlimUpgradeRequest {
  const h = raw.headers;
  const headers: SlimUpgradeRequest["headers"] = {};
  if (h.host !== undefined) headers.host = h.host;
  if (h.cookie !== undefined) headers.cookie = h.cookie;
  if (h["x-forwarded-proto"] !== undefined) headers["x-forwarded-proto"] = h["x-forwarded-proto"];
  return {
    url: raw.url ?? "/",
    headers,
    socket: {
      remoteAddress: clientIp ?? raw.socket.remoteAddress,
      encrypted: (raw.socket as { encrypted?: boolean }).encrypted === true,
    },
  };
}

type WsHandler = (this: unknown, socket: WebSocket, req: FastifyRequest) => unknown;

/**
 * Wrap every WebSocket route's handler (Fastify `onRoute`; add this hook BEFORE registering
 * @fastify/websocket, whose own onRoute hook then wraps ours) so that, once the socket is open:
 *  - @fastify/websocket's per-socket `error` listener (a closure over the request and reply) is
 *    replaced by one shared listener that logs and terminates, as its default handler did;
 *  - the routing ServerResponse is detached from the TCP socket;
 *  - the route's handler gets a request whose `raw` is a SlimUpgradeRequest (URL, host, cookie,
 *    forwarded proto, client address) instead of the IncomingMessage.
 * No input; errors thrown by the handler propagate as before.
 */
export function leanWebSocketRoutes(app: FastifyInstance, log: Logger): void {
  function onSocketError(this: WebSocket, err: Error) {
    log.warn({ err }, "websocket error");
    this.terminate();
  }
  app.addHook("onRoute", (route) => {
    if (!(route as { websocket?: boolean }).websocket) return;
    const handler = route.handler as unknown as WsHandler;
    route.handler = function leanWsHandler(this: unknown, socket: WebSocket, req: FastifyRequest) {
      socket.removeAllListeners("error");
      socket.on("error", onSocketError);
      const raw = req.raw;
      const tcp = raw.socket as { _httpMessage?: { detachSocket(s: unknown): void } | null };
      tcp._httpMessage?.detachSocket(raw.socket);
      // The client address as every HTTP route sees it (behind a trusted proxy, the one it added).
      return handler.call(this, socket, { raw: slimUpgradeRequest(raw, req.ip) } as unknown as FastifyRequest);
    } as unknown as typeof route.handler;
  });
}

const kOpenCounted = Symbol("ws-open-counted");

/** TCP sockets holding this loop turn's frames (corkUntilTurnEnds), and whether their flush is due. */
const corkedSockets = new Set<Duplex>();
let flushScheduled = false;

function uncorkAll(): void {
  flushScheduled = false;
  for (const tcp of corkedSockets) tcp.uncork();
  corkedSockets.clear();
}

/**
 * Hold a socket's writes until the end of this turn of the event loop (`setImmediate`, which runs
 * right after the I/O callbacks of the turn), so the frames one turn sends to one socket leave in
 * one system call: a chat send's acknowledgement and the sender's own event, several events for
 * one member. Each write is a system call through the kernel's TCP path, the largest share of
 * the server's CPU per message (issue 12, docs/performance.md). Nothing waits on a timer, and the
 * order of frames is kept. `end()` uncorks by itself, so a close is never held back.
 */
function corkUntilTurnEnds(tcp: Duplex | undefined): void {
  if (!tcp || tcp.destroyed || corkedSockets.has(tcp)) return;
  tcp.cork();
  corkedSockets.add(tcp);
  if (!flushScheduled) {
    flushScheduled = true;
    setImmediate(uncorkAll);
  }
}

/**
 * Per-socket bookkeeping at `connection` without per-socket closures: ws_connections_open and ws_messages_total{in,out}. Listeners and
 * the counting `send` are shared by all sockets; label children are resolved once. The counting
 * `send` also gathers each turn's frames to a socket into one write (corkUntilTurnEnds).
 */
export function instrumentWebSockets(
  wss: { on(event: "connection", l: (s: WebSocket) => void): unknown },
  metrics: Metrics,
): void {
  const open = metrics.wsConnectionsOpen;
  const inbound = metrics.wsMessages.labels("in");
  const outbound = metrics.wsMessages.labels("out");
  function onClose(this: WebSocket & { [kOpenCounted]?: boolean }) {
    if (this[kOpenCounted]) open.dec();
    this[kOpenCounted] = false;
  }
  function onMessage() {
    inbound.inc();
  }
  function countedSend(this: WebSocket, ...args: Parameters<WebSocket["send"]>) {
    outbound.inc();
    // ws keeps its TCP socket in `_socket` (no public accessor); a socket not yet or no longer
    // attached is simply not corked.
    corkUntilTurnEnds((this as unknown as { _socket?: Duplex })._socket);
    return (Object.getPrototypeOf(this) as WebSocket).send.apply(this, args);
  }
  wss.on("connection", (socket) => {
    (socket as WebSocket & { [kOpenCounted]?: boolean })[kOpenCounted] = true;
    open.inc();
    socket.on("close", onClose); // `on`, not `once`: a once-wrapper is 3 objects per socket
    socket.on("message", onMessage);
    socket.send = countedSend as typeof socket.send;
  });
}

const OPEN_BRACKET = 0x5b; // "["
const kInnerEmit = Symbol("ws-inner-emit");

/**
 * A WebSocket frame holding more calls than an HTTP batch may (TRPC_MAX_BATCH_SIZE) is refused:
 * the socket is closed with 1008 (policy violation) before tRPC sees the frame. tRPC runs every
 * element of an array frame at once, so without this one 64 KB frame started a thousand calls.
 * One shared `emit` for every socket (no closure per socket: memory per idle socket, issue 12);
 * only frames that start with "[" are parsed a second time, and a browser's batches are small.
 * @param maxBatch the most calls one frame may hold.
 */
export function limitWebSocketBatches(
  wss: { on(event: "connection", l: (s: WebSocket) => void): unknown },
  maxBatch: number,
): void {
  function guardedEmit(
    this: WebSocket & { [kInnerEmit]: WebSocket["emit"] },
    event: string | symbol,
    ...args: unknown[]
  ) {
    if (event === "message" && tooManyCalls(args[0], maxBatch)) {
      this.close(1008, "too many calls in one message");
      return false;
    }
    return this[kInnerEmit].call(this, event, ...args);
  }
  wss.on("connection", (socket) => {
    // Over whatever `emit` the socket has (infra/request-context.ts runs each call in its context).
    const s = socket as WebSocket & { [kInnerEmit]: WebSocket["emit"] };
    s[kInnerEmit] = socket.emit;
    socket.emit = guardedEmit as typeof socket.emit;
  });
}

function tooManyCalls(data: unknown, maxBatch: number): boolean {
  const frame = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data as Buffer[]) : null;
  if (!frame) return false;
  let i = 0;
  while (i < frame.length && (frame[i] === 0x20 || frame[i] === 0x0a || frame[i] === 0x0d || frame[i] === 0x09)) i++;
  if (frame[i] !== OPEN_BRACKET) return false;
  try {
    const calls = JSON.parse(frame.toString("utf8")) as unknown;
    return Array.isArray(calls) && calls.length > maxBatch;
  } catch {
    return false; // tRPC answers the parse error itself
  }
}
