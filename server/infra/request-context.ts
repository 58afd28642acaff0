import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";

/** What every log line made while serving one request carries (issue 13: structured logs). */
export interface RequestContext {
  /** The request's id: X-Request-Id from the load balancer when it sent a sane one, else generated. */
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The context of the request being served, if any (the logger's mixin reads it). */
export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

/**
 * Accept an incoming X-Request-Id only when it is short and plain (it ends up in every log line);
 * otherwise a new UUID.
 * @returns the id, as one flat string: Node builds randomUUID() by concatenating its 2-character
 *          pieces, which V8 keeps as a tree of about twenty strings (~600 bytes) for as long as
 *          the id lives — a WebSocket's whole life (memory per idle socket, issue 12).
 */
export function requestIdFrom(header: string | string[] | undefined): string {
  const v = Array.isArray(header) ? header[0] : header;
  return v && /^[A-Za-z0-9._:-]{1,64}$/.test(v) ? v : Buffer.from(crypto.randomUUID(), "latin1").toString("latin1");
}

/**
 * Run each request of `app` inside its RequestContext, so every log line written while serving
 * it (services log through deps.log, which reads the context) carries `requestId`; the answer
 * carries it as X-Request-Id. A WebSocket's calls run in the context of the upgrade request
 * that opened it, so their logs carry that connection's request id.
 * Call right after creating the Fastify instance (before routes are registered).
 */
export function carryRequestIds(app: FastifyInstance): void {
  app.addHook("onRequest", (req, reply, done) => {
    const requestId = requestIdFrom(req.headers["x-request-id"]);
    reply.header("x-request-id", requestId);
    upgradeIds.set(req.raw, requestId);
    storage.run({ requestId }, done);
  });
}

/** The id each request was given (above), for the WebSocket its upgrade request opens. */
const upgradeIds = new WeakMap<IncomingMessage, string>();

/**
 * The request id `carryRequestIds` gave this (upgrade) request, generated or its sane
 * X-Request-Id; undefined for a request that did not pass through it.
 */
export function requestIdOf(request: IncomingMessage): string | undefined {
  return upgradeIds.get(request);
}

/**
 * Run every message handler of a WebSocket inside a RequestContext of its own: the socket's
 * id (the upgrade request's X-Request-Id when sane, else generated) and the call's number, as
 * `<socket id>/<n>`, so the log lines of each call made on the socket (tRPC over WebSocket)
 * carry it. Call when the socket opens, before anything listens for its messages.
 */
export function carrySocketRequestIds(
  socket: { emit(event: string | symbol, ...args: unknown[]): boolean },
  upgradeHeader: string | string[] | undefined,
): string {
  const socketId = requestIdFrom(upgradeHeader);
  const s = socket as CarryingSocket;
  s[kSocketId] = socketId;
  s[kCalls] = 0;
  s[kEmit] = socket.emit;
  s.emit = emitInContext; // one shared function for every socket (memory per idle socket, issue 12)
  return socketId;
}

const kSocketId = Symbol("socket-request-id");
const kCalls = Symbol("socket-calls");
const kEmit = Symbol("socket-emit");
interface CarryingSocket {
  emit(event: string | symbol, ...args: unknown[]): boolean;
  [kSocketId]: string;
  [kCalls]: number;
  [kEmit]: (event: string | symbol, ...args: unknown[]) => boolean;
}

function emitInContext(this: CarryingSocket, event: string | symbol, ...args: unknown[]): boolean {
  const emit = this[kEmit];
  if (event !== "message") return emit.call(this, event, ...args);
  return storage.run({ requestId: `${this[kSocketId]}/${++this[kCalls]}` }, () => emit.call(this, event, ...args));
}
