import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { TestBrowser, collectLiveEvents } from "../support/client.js";
import { callerFor, createMember } from "../support/factories.js";
import { startOwnRedis, type OwnRedis } from "../support/own-redis.js";

/**
 * The bus carries hints only (ARCHITECTURE "Real time"): while Redis is away, sends still commit
 * and answer; when it comes back, every subscriber reads back from its cursor at once, without
 * waiting for the next message. Runs with a Redis of the test's own (never the shared one).
 */
describe.runIf(process.env.TEST_REDIS_URL)("a Redis outage", () => {
  let redis: OwnRedis;
  let db: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    redis = await startOwnRedis();
    db = await createTestDatabase();
    server = await startTestServer(db, { redis: true, env: { REDIS_URL: redis.url } });
  });
  afterAll(async () => {
    await redis?.start(); // the server closes its bus connections cleanly
    await server?.close();
    await db?.drop();
    await redis?.stop();
  });

  it("sends commit while it lasts, and the recipient's open subscription gets them when Redis returns", async () => {
    const sender = await createMember(server.deps, { paid: true, credits: 100 });
    const recipient = await createMember(server.deps);
    const browser = TestBrowser.withSession(server, recipient);
    const socket = browser.openSocket();
    const live = collectLiveEvents(socket.client, null);
    await live.waitStarted(20_000);

    await redis.stop();
    const api = await callerFor(server.deps, sender);
    const sent = await api.chats.send({
      toProfileId: recipient.id,
      clientId: crypto.randomUUID(),
      body: "sent during the outage",
    });
    expect(sent.duplicate).toBe(false);
    expect(live.events.some((e) => e.data.type === "message.new")).toBe(false);

    await redis.start();
    // No further message is sent: the comeback alone makes the subscription read back.
    await live.waitFor(
      (e) => e.data.type === "message.new" && (e.data.message as { body: string }).body === "sent during the outage",
      "the message sent during the outage",
      30_000,
    );
    live.unsubscribe();
    await browser.closeSockets();
  });
});
