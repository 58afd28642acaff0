import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Config } from "../../config.js";
import type { Logger } from "../../infra/logger.js";
import { DomainError, ServiceUnavailableError } from "../../domain-error.js";

/**
 * The abuse limits of issue 10 ("Abuse limits"), each `points` actions per `seconds` window per key:
 * a client address (`*_ip`), a normalised e-mail address (`*_email`), a phone number in E.164
 * (`sms_phone`), or a member id (a visitor's address where visitors may act too). Each is the setting RATE_LIMIT_<NAME> (server/config.ts
 * has the defaults; README "Configuration").
 */
export const LIMIT_NAMES = [
  "signup_ip",
  "signup_email",
  "mail_ip",
  "mail_email",
  "login_ip",
  "like",
  "message",
  "upload",
  "report",
  "poll",
  "search_ip",
  "typing",
  "read_receipts",
  "discount_code",
  "push_subscribe",
  "block",
  "sms_phone",
  "export",
] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];
type LimitSettings = { [K in LimitName as `RATE_LIMIT_${Uppercase<K>}`]: string };

/**
 * Without Redis (outage), these refuse rather than let a script through: sign-up, login, the
 * mails and the SMS codes (each costs the site). The others (chat, likes, reads) let the action
 * through, logged: an outage of the limiter's store must not stop the site.
 */
const FAIL_CLOSED = new Set<LimitName>(["signup_ip", "signup_email", "mail_ip", "mail_email", "login_ip", "sms_phone"]);

/** 429: too many actions of one kind in the window; `details.seconds` until the next one is allowed. */
export class RateLimitedError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super("RATE_LIMITED", "Too many requests, please try again later.", { seconds: retryAfterSeconds });
  }
}

export interface RateLimits {
  /**
   * Count one action `name` for `key`.
   * @throws RateLimitedError (429, Retry-After) over the limit; ServiceUnavailableError (503) when
   *   the store is unreachable and the limit fails closed.
   */
  consume(name: LimitName, key: string | number): Promise<void>;
  /**
   * Whether `key` has used up `name` in the current window, counting nothing (to refuse early a
   * request whose failure would be counted, before doing its work).
   * @throws RateLimitedError (429, Retry-After) when used up. An unreachable store lets it through.
   */
  assertNotUsedUp(name: LimitName, key: string | number): Promise<void>;
  /**
   * Resolves once the store's first connection attempt has ended, connected or not (at once in
   * memory); never rejects. The app waits for it before it serves: the Redis connection queues
   * nothing (it fails fast while Redis is away), so a login or a signup arriving while it is
   * still opening would be refused, 503, as if Redis were down.
   */
  connected(): Promise<void>;
  /** Close the limiter's own Redis connection. */
  close(): Promise<void>;
}

/**
 * The limiters of one instance: on Redis when REDIS_URL is set (shared by every instance, its own
 * connection that fails fast while Redis is away), else in memory (the embedded default is one
 * instance). Each limit from its validated "points/seconds" setting.
 */
export function createRateLimits(
  config: Pick<Config, "REDIS_URL" | "REDIS_CHANNEL_PREFIX"> & LimitSettings,
  log: Logger,
): RateLimits {
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        lazyConnect: false,
        // No auto-pipelining: one command a call, and a Pipeline per tick costs more CPU than it
        // saves (issue 12; infra/bus.ts).
      })
    : null;
  redis?.on("error", () => {}); // reported per refused action below; ioredis reconnects by itself
  const firstAttempt = redis
    ? new Promise<void>((resolve) => {
        for (const event of ["ready", "error", "end"]) redis.once(event, () => resolve());
      })
    : Promise.resolve();
  const limiters = new Map<LimitName, RateLimiterAbstract>();
  for (const name of LIMIT_NAMES) {
    const [points, duration] = config[`RATE_LIMIT_${name.toUpperCase() as Uppercase<LimitName>}`]
      .split("/")
      .map(Number) as [number, number];
    const opts = { keyPrefix: `${config.REDIS_CHANNEL_PREFIX}rl:${name}`, points, duration };
    limiters.set(
      name,
      redis
        ? new RateLimiterRedis({ ...opts, storeClient: redis, rejectIfRedisNotReady: true })
        : new RateLimiterMemory(opts),
    );
  }
  return {
    async consume(name, key) {
      try {
        await limiters.get(name)!.consume(String(key));
      } catch (err) {
        if (err instanceof RateLimiterRes) throw new RateLimitedError(Math.max(1, Math.ceil(err.msBeforeNext / 1000)));
        if (FAIL_CLOSED.has(name)) {
          log.warn({ err, limit: name }, "rate limiter unavailable: refused (fails closed)");
          throw new ServiceUnavailableError();
        }
        log.warn({ err, limit: name }, "rate limiter unavailable: let through (fails open)");
      }
    },
    async assertNotUsedUp(name, key) {
      const limiter = limiters.get(name)!;
      const res = await limiter.get(String(key)).catch(() => null);
      if (res && res.consumedPoints >= limiter.points)
        throw new RateLimitedError(Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
    },
    connected: () => firstAttempt,
    async close() {
      redis?.disconnect();
    },
  };
}
