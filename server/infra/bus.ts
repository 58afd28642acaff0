import crypto from "node:crypto";
import { EventEmitter } from "node:events";
import { Redis } from "ioredis";
import type { Logger } from "./logger.js";

/**
 * The event bus: live hints between server instances (§ARCHITECTURE "Real time").
 * Events are hints only: what a subscriber misses is read back from the database.
 *
 * - In-process (embedded default): an EventEmitter.
 * - Redis pub/sub (REDIS_URL): one publisher and one subscriber connection per instance;
 *   channels are reference-counted so many local listeners share one Redis subscription.
 *   Local first: a message goes to this instance's own listeners at once (on a later tick, as a
 *   JSON copy) and to Redis for the other instances, marked with this instance's origin so that
 *   its echo is dropped here (issue 12: a member's tab on the instance that served the send no
 *   longer waits for a round trip through Redis, and still gets hints while Redis is away).
 *   Hints from different instances may then arrive out of seq order; the live stream reads the
 *   gap back from the database (live.service openMemberEventStream).
 */
export interface EventBus {
  /** Publish a JSON-serialisable message on `channel`. */
  publish(channel: string, message: unknown): Promise<void>;
  /** Listen on `channel`; returns a function that stops listening. */
  subscribe(channel: string, listener: (message: unknown) => void): Promise<() => void>;
  /**
   * Run `listener` each time the bus comes back after an outage (Redis reconnected): whatever was
   * published meanwhile is lost, so listeners read back from the database. Returns a function that
   * stops listening. The in-process bus never goes away.
   */
  onReconnect(listener: () => void): () => void;
  /** Resolves when the bus is reachable (for /readyz); rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
  readonly kind: "memory" | "redis";
}

export function createMemoryBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: "memory",
    async publish(channel, message) {
      // Deliver on a later tick, like a real bus: a publisher never runs listeners inline.
      const copy = JSON.parse(JSON.stringify(message)) as unknown;
      queueMicrotask(() => emitter.emit(channel, copy));
    },
    async subscribe(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    onReconnect() {
      return () => {};
    },
    async ping() {},
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * @param channelPrefix put before every channel name, so several sites (or test runs) can share
 *        one Redis without hearing each other's events.
 */
export function createRedisBus(url: string, log: Logger, channelPrefix = ""): EventBus {
  // On the wire: `@<origin>@<JSON>` (a JSON message never starts with '@'; a bare JSON message,
  // from an instance of an earlier version during a rolling deploy, is taken as it is).
  const self = `@${crypto.randomBytes(6).toString("base64url")}@`;
  // No auto-pipelining: each command is written as it is issued. Merging the two publishes of a
  // message into one write saved a system call but built an ioredis Pipeline every tick, which
  // cost more CPU than the write it saved (issue 12; docs/performance.md "ioredis's
  // auto-pipelining cost more than the write it saved").
  const pub = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  const sub = new Redis(url, { maxRetriesPerRequest: null });
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const counts = new Map<string, number>();
  for (const conn of [pub, sub]) conn.on("error", (err) => log.warn({ err }, "redis connection error"));
  // After the first connection, every 'ready' of the subscriber is a comeback: tell the listeners.
  const reconnects = new EventEmitter();
  reconnects.setMaxListeners(0);
  let connectedBefore = false;
  sub.on("ready", () => {
    if (connectedBefore) {
      log.info("bus reconnected: subscribers read back what they missed");
      reconnects.emit("reconnect");
    }
    connectedBefore = true;
  });
  sub.on("message", (prefixed: string, raw: string) => {
    if (raw.startsWith(self)) return; // published here: already delivered to the local listeners
    const channel = prefixed.slice(channelPrefix.length);
    let message: unknown;
    try {
      message = JSON.parse(raw.startsWith("@") ? raw.slice(raw.indexOf("@", 1) + 1) : raw);
    } catch {
      log.warn({ channel }, "dropping a malformed bus message");
      return;
    }
    local.emit(channel, message);
  });

  return {
    kind: "redis",
    async publish(channel, message) {
      const raw = JSON.stringify(message);
      if (counts.has(channel)) {
        const copy = JSON.parse(raw) as unknown; // what another instance would receive
        queueMicrotask(() => local.emit(channel, copy));
      }
      // A hint is worth sending only now: while Redis is away, fail at once instead of queueing
      // (the other instances' subscribers read back from the database when it returns), so no
      // caller waits on an outage.
      if (pub.status !== "ready") throw new Error(`the bus is not connected (${pub.status})`);
      await pub.publish(channelPrefix + channel, self + raw);
    },
    async subscribe(channel, listener) {
      local.on(channel, listener);
      const n = (counts.get(channel) ?? 0) + 1;
      counts.set(channel, n);
      if (n === 1) await sub.subscribe(channelPrefix + channel);
      let done = false;
      return () => {
        if (done) return;
        done = true;
        local.off(channel, listener);
        const left = (counts.get(channel) ?? 1) - 1;
        if (left <= 0) {
          counts.delete(channel);
          sub
            .unsubscribe(channelPrefix + channel)
            .catch((err: unknown) => log.warn({ err }, "redis unsubscribe failed"));
        } else counts.set(channel, left);
      };
    },
    onReconnect(listener) {
      reconnects.on("reconnect", listener);
      return () => reconnects.off("reconnect", listener);
    },
    async ping() {
      await pub.ping();
    },
    async close() {
      local.removeAllListeners();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
