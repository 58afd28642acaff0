import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../support/database.js";
import { startTestServer, type TestServer } from "../../support/server.js";
import { createMember, creditsOf } from "../../support/factories.js";
import { skipWithout, testRedisUrl } from "../../support/env.js";

/**
 * Fault catalogue: the server is killed with SIGKILL every few seconds while a member sends
 * steadily, retrying each message with its own client id until it is acknowledged (as the app
 * does). Every acknowledged message is stored exactly once, none twice, and the balance is the
 * sum of the ledger. The server runs in a child process exactly as `npm start` runs it.
 */
const KILLS = 3;
const RUN_BEFORE_KILL_MS = 3000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

describe.skipIf(skipWithout("postgres+redis", "the kill -9 fault test"))("kill -9 during steady sends", () => {
  let db: TestDatabase;
  let helper: TestServer;
  let child: ChildProcess | null = null;
  let exited: Promise<unknown> = Promise.resolve();
  let port = 0;

  beforeAll(async () => {
    db = await createTestDatabase();
    helper = await startTestServer(db, { listen: false });
    port = await freePort();
  });
  afterAll(async () => {
    child?.kill("SIGKILL");
    await helper?.close();
    await db?.drop();
  });

  const base = () => `http://127.0.0.1:${port}`;

  /** Start the server as `npm start` does (without the build), and wait until it answers. */
  async function startServer(): Promise<void> {
    // Node itself runs the server (tsx as a loader), so SIGKILL reaches the server process.
    child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: db.databaseUrl,
        REDIS_URL: testRedisUrl,
        DATA_DIR: db.dataDir,
        SEED_DEMO: "false",
        LOG_LEVEL: "error",
        NODE_ENV: "test",
      },
      stdio: "ignore",
    });
    const proc = child;
    exited = new Promise((r) => proc.once("exit", r));
    const deadline = Date.now() + 60_000;
    for (;;) {
      const up = await fetch(`${base()}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      if (Date.now() > deadline) throw new Error("the server did not start within 60 s");
      await new Promise((r) => setTimeout(r, 100));
    }
  }

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
          const res = await fetch(`${base()}/trpc/chats.send`, {
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

      await startServer();
      for (let kill = 0; kill < KILLS; kill++) {
        const killAt = Date.now() + RUN_BEFORE_KILL_MS;
        const killer = new Promise<void>((resolve) =>
          setTimeout(() => {
            child?.kill("SIGKILL");
            resolve();
          }, RUN_BEFORE_KILL_MS),
        );
        // Sends run across the kill: the ones in flight retry against the restarted server.
        const sending = (async () => {
          while (Date.now() < killAt + 500) await sendUntilAcknowledged(killAt);
        })();
        await killer;
        await exited;
        await startServer();
        await sending;
      }
      child?.kill("SIGTERM");
      await exited;

      const rows = await helper.deps.db
        .selectFrom("messages")
        .select(["client_id"])
        .where("sender_id", "=", sender.id)
        .execute();
      const stored = rows.map((r) => r.client_id);
      expect(new Set(stored).size, "no message stored twice").toBe(stored.length);
      for (const id of acknowledged) expect(stored, `acknowledged ${id} is stored`).toContain(id);
      for (const id of stored) expect(attempted.has(id)).toBe(true);
      expect(acknowledged.size).toBeGreaterThan(KILLS);
      const c = await creditsOf(helper.deps, sender.id);
      expect(c.balance).toBe(c.ledgerSum);
      expect(c.balance).toBe(100_000 - 10 * stored.length);
    },
  );
});
