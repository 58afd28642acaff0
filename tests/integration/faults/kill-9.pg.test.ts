import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../support/database.js";
import { startTestServer, type TestServer } from "../../support/server.js";
import { createMember } from "../../support/factories.js";
import { expectStoredExactlyOnce } from "../../support/exactly-once.js";
import { skipWithout, testRedisUrl } from "../../support/env.js";
import { childServer, type ChildServer } from "../../support/child-server.js";

/**
 * Fault catalogue: the server is killed with SIGKILL every few seconds while a member sends
 * steadily, retrying each message with its own client id until it is acknowledged (as the app
 * does). Every acknowledged message is stored exactly once, none twice, and the balance is the
 * sum of the ledger. The server runs in a child process exactly as `npm start` runs it.
 */
const KILLS = 3;
const RUN_BEFORE_KILL_MS = 3000;

describe.skipIf(skipWithout("postgres+redis", "the kill -9 fault test"))("kill -9 during steady sends", () => {
  let db: TestDatabase;
  let helper: TestServer;
  let server: ChildServer;

  beforeAll(async () => {
    db = await createTestDatabase();
    helper = await startTestServer(db, { listen: false });
    server = await childServer({ DATABASE_URL: db.databaseUrl, REDIS_URL: testRedisUrl, DATA_DIR: db.dataDir });
  });
  afterAll(async () => {
    await server?.stop("SIGKILL");
    await helper?.close();
    await db?.drop();
  });

  it(
    "every acknowledged message is stored exactly once and the balance equals the ledger",
    { timeout: 240_000 },
    async () => {
      const sender = await createMember(helper.deps, { paid: true, credits: 100_000 });
      const recipient = await createMember(helper.deps);
      const cookie = `auth=${sender.sessionToken}`;
      const acknowledged = new Set<string>();
      const attempted = new Set<string>();

      /** Send one message, retrying with the same client id until the server acknowledges it. */
      async function sendUntilAcknowledged(stopAt: number): Promise<void> {
        const clientId = crypto.randomUUID();
        attempted.add(clientId);
        while (Date.now() < stopAt + 60_000) {
          const res = await fetch(`${server.url}/trpc/chats.send`, {
            method: "POST",
            headers: { "content-type": "application/json", cookie },
            body: JSON.stringify({ toProfileId: recipient.id, clientId, body: `message ${clientId}` }),
          }).catch(() => null);
          if (res?.ok) {
            acknowledged.add(clientId);
            return;
          }
          expect(res?.status ?? 0, "no 500 for a send").not.toBe(500);
          await new Promise((r) => setTimeout(r, 100));
        }
        throw new Error(`message ${clientId} was never acknowledged`);
      }

      await server.start();
      for (let kill = 0; kill < KILLS; kill++) {
        const killAt = Date.now() + RUN_BEFORE_KILL_MS;
        // Sends run across the kill: the ones in flight retry against the restarted server.
        const sending = (async () => {
          while (Date.now() < killAt + 500) await sendUntilAcknowledged(killAt);
        })();
        await new Promise((r) => setTimeout(r, RUN_BEFORE_KILL_MS));
        await server.stop("SIGKILL");
        await server.start();
        await sending;
      }
      await server.stop("SIGTERM");

      expect(acknowledged.size).toBeGreaterThan(KILLS);
      await expectStoredExactlyOnce(
        helper.deps,
        sender.id,
        { acknowledged, attempted },
        { startCredits: 100_000, costPerMessage: 10 },
      );
    },
  );
});
