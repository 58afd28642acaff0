import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database.js";
import { startTestServer } from "../support/server.js";
import { createMember, signupFields } from "../support/factories.js";
import { skipWithout } from "../support/env.js";
import { startOwnRedis } from "../support/own-redis.js";
import { isolated, post } from "../support/rate-limits.js";
import { testRedisUrl } from "../support/env.js";
import { loadConfig } from "../../server/config.js";
import { createLogger } from "../../server/infra/logger.js";
import { createRateLimits } from "../../server/features/rate-limits/rate-limits.service.js";
import { ServiceUnavailableError } from "../../server/domain-error.js";

/** Issue 10, abuse limits on Redis: shared by the instances, and what an outage of Redis does. */
describe.skipIf(skipWithout("postgres+redis", "abuse limits on Redis"))("limits on Redis", { timeout: 120_000 }, () => {
  it("hold across two instances sharing one Redis", async () => {
    const db = await createTestDatabase();
    const env = isolated();
    const a = await startTestServer(db, { redis: true, env });
    const b = await startTestServer(db, { redis: true, env });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await post(i % 2 ? b : a, "accounts.signup", signupFields())).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await a.close();
      await b.close();
      await db.drop();
    }
  });

  it("a new instance's first logins are counted, not refused while its Redis connection opens", async () => {
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", REDIS_URL: testRedisUrl, ...isolated() });
    const log = createLogger("silent", "rate-limits-test");
    // The limiter's connection queues nothing: asked while it is still opening, a fail-closed
    // limit refuses, as if Redis were down. So buildApp (server/app.ts) waits for connected().
    const opening = createRateLimits(config, log);
    const ready = createRateLimits(config, log);
    try {
      await expect(opening.consume("login_ip", "198.51.100.7")).rejects.toBeInstanceOf(ServiceUnavailableError);
      await ready.connected();
      await expect(ready.consume("login_ip", "198.51.100.7")).resolves.toBeUndefined();
    } finally {
      await opening.close();
      await ready.close();
    }
  });

  it("with Redis down: sign-up and login fail closed (503), polls stay open", async () => {
    const redis = await startOwnRedis();
    const db = await createTestDatabase();
    const server = await startTestServer(db, { redis: true, env: { ...isolated(), REDIS_URL: redis.url } });
    try {
      const member = await createMember(server.deps);
      await redis.stop();
      expect((await post(server, "accounts.signup", signupFields())).status).toBe(503);
      expect((await post(server, "accounts.login", { email: member.email, password: "whatever1" })).status).toBe(503);
      const poll = await fetch(`${server.url}/api/chats.php`, { headers: { cookie: `auth=${member.sessionToken}` } });
      expect(poll.status).toBe(200);
    } finally {
      await redis.start();
      await server.close();
      await db.drop();
      await redis.stop();
    }
  });
});
