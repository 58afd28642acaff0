import crypto from "node:crypto";
import { Redis } from "ioredis";
import type { Logger } from "./logger.js";

/**
 * Which members have an open tab (a live event subscription on a WebSocket) on any instance:
 * Web Push is sent only to members with none (§2, §4; issue 11).
 *
 * - In-process (embedded default, one instance): a count per member.
 * - Redis (REDIS_URL, several instances): each instance keeps its own counts and writes, per
 *   member it holds a tab of, its entry in the sorted set `<prefix>presence:<member id>` (member:
 *   the instance's key, score: when the entry expires, ms). Entries are refreshed every
 *   PRESENCE_REFRESH_MS and expire after PRESENCE_TTL_MS, so an instance that dies stops counting
 *   at most PRESENCE_TTL_MS later (pushes for its members are held back that long); the last tab
 *   of a member on an instance removes its entry at once. A member is online when some entry has
 *   not expired.
 *
 * A failing Redis makes isOnline reject: callers then treat the member as offline (a push too
 * many rather than one missing).
 */
export interface Presence {
  /** A tab of `userId` opened its live subscription on this instance. */
  enter(userId: number): void;
  /** That subscription ended. */
  leave(userId: number): void;
  /** Whether `userId` has an open tab on any instance. */
  isOnline(userId: number): Promise<boolean>;
  close(): Promise<void>;
}

/** An entry not refreshed for this long no longer counts (an instance that died). */
export const PRESENCE_TTL_MS = 60_000;
/** How often each instance refreshes the entries of the members it holds tabs of. */
export const PRESENCE_REFRESH_MS = 20_000;

export function createMemoryPresence(): Presence {
  const counts = new Map<number, number>();
  return {
    enter(userId) {
      counts.set(userId, (counts.get(userId) ?? 0) + 1);
    },
    leave(userId) {
      const n = (counts.get(userId) ?? 1) - 1;
      if (n <= 0) counts.delete(userId);
      else counts.set(userId, n);
    },
    async isOnline(userId) {
      return (counts.get(userId) ?? 0) > 0;
    },
    async close() {
      counts.clear();
    },
  };
}

/**
 * @param prefix put before every key (REDIS_CHANNEL_PREFIX): instances of one site share it.
 * @param instanceId this instance's name; a random suffix keeps two instances of one process apart.
 */
export function createRedisPresence(url: string, log: Logger, prefix: string, instanceId: string): Presence {
  // No auto-pipelining (infra/bus.ts): refreshes are pipelined explicitly below.
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  redis.on("error", (err) => log.debug({ err }, "presence: redis connection error"));
  const me = `${instanceId}:${crypto.randomBytes(4).toString("hex")}`;
  const local = new Map<number, number>();
  const keyOf = (userId: number) => `${prefix}presence:${userId}`;

  const write = (userIds: number[]) => {
    if (userIds.length === 0 || redis.status !== "ready") return;
    const expires = Date.now() + PRESENCE_TTL_MS;
    const pipe = redis.pipeline();
    for (const id of userIds) {
      pipe.zadd(keyOf(id), expires, me);
      pipe.pexpire(keyOf(id), PRESENCE_TTL_MS);
    }
    pipe.exec().catch((err: unknown) => log.warn({ err }, "presence: refresh failed"));
  };
  const timer = setInterval(() => write([...local.keys()]), PRESENCE_REFRESH_MS);
  timer.unref();
  // After an outage, write every entry again at once rather than at the next refresh.
  redis.on("ready", () => write([...local.keys()]));

  return {
    enter(userId) {
      const n = (local.get(userId) ?? 0) + 1;
      local.set(userId, n);
      if (n === 1) write([userId]);
    },
    leave(userId) {
      const n = (local.get(userId) ?? 1) - 1;
      if (n > 0) {
        local.set(userId, n);
        return;
      }
      local.delete(userId);
      if (redis.status === "ready")
        redis.zrem(keyOf(userId), me).catch((err: unknown) => log.warn({ err }, "presence: leave failed"));
    },
    async isOnline(userId) {
      if ((local.get(userId) ?? 0) > 0) return true;
      const live = await redis.zrangebyscore(keyOf(userId), Date.now(), "+inf", "LIMIT", 0, 1);
      return live.length > 0;
    },
    async close() {
      clearInterval(timer);
      const ids = [...local.keys()];
      local.clear();
      if (ids.length > 0 && redis.status === "ready") {
        const pipe = redis.pipeline();
        for (const id of ids) pipe.zrem(keyOf(id), me);
        await pipe.exec().catch(() => undefined);
      }
      await redis.quit().catch(() => undefined);
    },
  };
}
