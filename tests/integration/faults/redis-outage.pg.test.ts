import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../support/server.js";
import { createTestDatabase, type TestDatabase } from "../../support/database.js";
import { TestBrowser, collectLiveEvents } from "../../support/client.js";
import { callerFor, createMember } from "../../support/factories.js";
import { startOwnRedis, type OwnRedis } from "../../support/own-redis.js";
import { login } from "../../../server/features/accounts/accounts.service.js";

/** The outage the fault catalogue names: 30 s. */
const OUTAGE_MS = 30_000;
/** A service call's application error code (a DomainError is thrown as it is). */
const codeOf = (err: unknown) => (err as { code?: string }).code ?? null;

/**
 * The bus carries hints only (ARCHITECTURE "Real time"): while Redis is away, sends still commit
 * and answer, and the tabs on the instance that served them still get them live (local first,
 * infra/bus.ts); when Redis comes back, every subscriber on the other instance reads back from its
 * cursor at once, without waiting for the next message. Two instances, with a Redis of the test's
 * own (never the shared one).
 */
describe.runIf(process.env.TEST_REDIS_URL)("a Redis outage", { timeout: 180_000 }, () => {
  let redis: OwnRedis;
  let db: TestDatabase;
  let server: TestServer;
  let other: TestServer;
  beforeAll(async () => {
    redis = await startOwnRedis();
    db = await createTestDatabase();
    server = await startTestServer(db, { redis: true, env: { REDIS_URL: redis.url, INSTANCE_ID: "one" } });
    other = await startTestServer(db, { redis: true, env: { REDIS_URL: redis.url, INSTANCE_ID: "two" } });
  });
  afterAll(async () => {
    await redis?.start(); // the servers close their bus connections cleanly
    await Promise.all([server?.close(), other?.close()]);
    await db?.drop();
    await redis?.stop();
  });

  it("of 30 s: sends commit and answer, login throttling holds, and the recipient's open subscription on the other instance gets everything when Redis returns", async () => {
    const sender = await createMember(server.deps, { paid: true, credits: 1000 });
    const recipient = await createMember(server.deps);
    const browser = TestBrowser.withSession(other, recipient);
    const socket = browser.openSocket();
    const live = collectLiveEvents(socket.client, null);
    // The sender's own tab, on the instance that serves the sends.
    const senderBrowser = TestBrowser.withSession(server, sender);
    const senderLive = collectLiveEvents(senderBrowser.openSocket().client, null);
    await Promise.all([live.waitStarted(20_000), senderLive.waitStarted(20_000)]);
    const api = await callerFor(server.deps, sender);

    await redis.stop();
    const outageEndsAt = Date.now() + OUTAGE_MS;
    // Steady sends through the outage: each commits and answers.
    const bodies: string[] = [];
    while (Date.now() < outageEndsAt) {
      const body = `sent during the outage ${bodies.length}`;
      const sent = await api.chats.send({ toProfileId: recipient.id, clientId: crypto.randomUUID(), body });
      expect(sent.duplicate).toBe(false);
      bodies.push(body);
      if (bodies.length === 3) {
        // Login throttling lives in the database: it does not fail open without Redis.
        const codes: Array<string | null> = [];
        for (let i = 0; i < 6; i++)
          codes.push(
            await login(server.deps, { email: sender.email, password: "wrong password" }).then(
              () => "LOGGED_IN",
              codeOf,
            ),
          );
        expect(codes.slice(0, 4)).toEqual(["LOGIN_FAILED", "LOGIN_FAILED", "LOGIN_FAILED", "LOGIN_FAILED"]);
        expect(codes.slice(4)).toEqual(["TOO_MANY_ATTEMPTS", "TOO_MANY_ATTEMPTS"]);
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
    expect(live.events.some((e) => e.data.type === "message.new")).toBe(false);
    // On the instance that served them, the sender's tab had each one live, Redis or not.
    await senderLive.waitFor(
      () => senderLive.events.filter((e) => e.data.type === "message.new").length >= bodies.length,
      "the sender's own messages on its instance",
    );

    await redis.start();
    // No further message is sent: the comeback alone makes the subscription read back.
    await live.waitFor(
      () => live.events.filter((e) => e.data.type === "message.new").length >= bodies.length,
      `the ${bodies.length} messages sent during the outage`,
      60_000,
    );
    expect(
      live.events.filter((e) => e.data.type === "message.new").map((e) => (e.data.message as { body: string }).body),
    ).toEqual(bodies);
    live.unsubscribe();
    senderLive.unsubscribe();
    await Promise.all([browser.closeSockets(), senderBrowser.closeSockets()]);
  });
});
