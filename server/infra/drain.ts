import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";

/** Per-request drain state: the handler may still run after the client went away. */
interface Tracked {
  handlers: number;
  responseClosed: boolean;
  /**
   * The lifecycle reached its end: the route handler settled, or an answer was sent (by the
   * handler, a hook or the error handler). A client that leaves while the request is still in an
   * async hook (the legacy session look-up) closes the response before this: the hooks and the
   * handler then still run, and their queries still need the database.
   */
  settled: boolean;
  done: boolean;
}

const TRACKED = Symbol("drain.tracked");

type RawWithState = IncomingMessage & { [TRACKED]?: Tracked };

/** What `trackRequests` gives the app: how many requests are under way, and the drain. */
export interface RequestDrain {
  /** HTTP requests whose handler has not finished or whose answer has not been written. */
  inFlight(): number;
  /** True once drain() started: every answer then carries `Connection: close`. */
  readonly draining: boolean;
  /**
   * Stop accepting connections, close idle keep-alive connections, answer every request still
   * arriving on a busy one with `Connection: close`, and wait until no request is under way.
   * Bounded by `graceMs`. Resolves (never rejects) with how many requests were still under way
   * when it stopped waiting (0 when all finished).
   */
  drain(graceMs: number): Promise<number>;
}

/**
 * Count the HTTP requests of `app` under way, so shutdown can wait for them before it closes the
 * database (issue 13: a request whose client had gone still ran its queries after `db.destroy()`
 * and logged "driver has already been destroyed").
 *
 * A request counts from `onRequest` until its answer is closed (written, or the client went away)
 * and its lifecycle has reached its end (its route handler settled, or an answer was sent): a
 * handler whose client disconnected keeps running, and its queries still need the database.
 * WebSocket upgrades are not counted (a socket lives for hours; shutdown closes sockets after the
 * drain, and clients resume from their last event id).
 *
 * Call right after creating the Fastify instance, before any plugin registers routes (the
 * onRoute hook wraps the handlers of routes added afterwards).
 */
export function trackRequests(app: FastifyInstance): RequestDrain {
  let inFlight = 0;
  let draining = false;
  let waiters: Array<() => void> = [];

  const finish = (state: Tracked) => {
    if (state.done || !state.responseClosed || !state.settled || state.handlers > 0) return;
    state.done = true;
    inFlight--;
    if (inFlight === 0) {
      const w = waiters;
      waiters = [];
      for (const resolve of w) resolve();
    }
  };

  app.addHook("onRequest", async (req, reply) => {
    if (req.headers.upgrade) return;
    const state: Tracked = { handlers: 0, responseClosed: false, settled: false, done: false };
    (req.raw as RawWithState)[TRACKED] = state;
    inFlight++;
    reply.raw.once("close", () => {
      state.responseClosed = true;
      finish(state);
    });
  });
  // While draining, every answer (also of requests that began before) ends its keep-alive
  // connection, so no client keeps sending on a connection that is about to close.
  app.addHook("onSend", async (req, reply, payload) => {
    if (draining) reply.header("connection", "close");
    const state = (req.raw as RawWithState)[TRACKED];
    if (state) {
      state.settled = true;
      finish(state);
    }
    return payload;
  });

  app.addHook("onRoute", (route) => {
    // A WebSocket route's handler takes (socket, request), not (request, reply): left alone.
    if ((route as { websocket?: boolean }).websocket) return;
    const handler = route.handler;
    route.handler = function trackedHandler(this: FastifyInstance, req, reply) {
      const state = (req?.raw as RawWithState | undefined)?.[TRACKED];
      if (!state) return handler.call(this, req, reply);
      state.handlers++;
      const settle = () => {
        state.handlers--;
        state.settled = true;
        finish(state);
      };
      let result: unknown;
      try {
        result = handler.call(this, req, reply);
      } catch (err) {
        settle();
        throw err;
      }
      if (result === reply) {
        // The handler returned the reply (as @fastify/static does): a thenable without `finally`,
        // settled when the answer is written. Fastify must get the reply itself back.
        void Promise.resolve(reply).then(settle, settle);
        return result;
      }
      if (result && typeof (result as PromiseLike<unknown>).then === "function") {
        return Promise.resolve(result).finally(settle);
      }
      settle();
      return result;
    } as typeof handler;
  });

  return {
    inFlight: () => inFlight,
    get draining() {
      return draining;
    },
    async drain(graceMs: number): Promise<number> {
      draining = true;
      // New connections are refused from here on (a load balancer sends them elsewhere); the
      // Fastify close later finds the server closed already, which it accepts.
      if (app.server.listening) {
        app.server.close(() => {});
        app.server.closeIdleConnections();
      }
      if (inFlight === 0) return 0;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => waiters.push(resolve)),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, graceMs);
        }),
      ]);
      clearTimeout(timer);
      app.server.closeIdleConnections();
      return inFlight;
    },
  };
}
