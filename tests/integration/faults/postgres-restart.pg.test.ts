import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { startTestServer, type TestServer } from "../../support/server.js";
import type { TestDatabase } from "../../support/database.js";
import { createMember } from "../../support/factories.js";
import { expectStoredExactlyOnce } from "../../support/exactly-once.js";
import { skipWithout } from "../../support/env.js";
import { ownPostgresUnavailableReason, startOwnPostgres, type OwnPostgres } from "../../support/own-postgres.js";

/** How long PostgreSQL stays down in the middle of the load. */
const OUTAGE_MS = 5_000;
/** The fault catalogue's bound: the server is healthy again this long after PostgreSQL is back. */
const RECOVERY_BOUND_MS = 30_000;
/** Parallel senders, each retrying its message with the same client id until acknowledged. */
const SENDERS = 4;
/** A request unanswered this long counts as hung (status 0): the server must answer every one. */
const REQUEST_CEILING_MS = 60_000;

function mustSkip(): boolean {
  if (skipWithout("postgres", "PostgreSQL stopped with -m immediate under load")) return true;
  const reason = ownPostgresUnavailableReason();
  if (!reason) return false;
  if (process.env.CI === "true") throw new Error(`CI must run the PostgreSQL restart fault test, but ${reason}`);
  console.warn(`\n!!! NOT RUN: the PostgreSQL restart fault test: ${reason}.\n`);
  return true;
}

/**
 * Fault catalogue: PostgreSQL (a cluster of the test's own, never the shared one) is stopped with
 * `pg_ctl -m immediate` while members send and poll, then started again. Meanwhile the server
 * answers 503 (with Retry-After), never 500, and does not crash; it recovers by itself within 30 s
 * of PostgreSQL's return; every acknowledged message survives, stored once, and the balance is
 * the sum of the ledger.
 */
describe.skipIf(mustSkip())("PostgreSQL stopped with -m immediate under load", { timeout: 240_000 }, () => {
  let pg: OwnPostgres;
  let server: TestServer;
  let dataDir: string;

  beforeAll(async () => {
    pg = await startOwnPostgres();
    dataDir = fs.mkdtempSync(path.join(inject("runDir"), "pg-restart-"));
    const db: TestDatabase = { mode: "postgres", dataDir, databaseUrl: pg.url, drop: async () => {} };
    server = await startTestServer(db, { redis: true });
  });
  afterAll(async () => {
    await pg?.start().catch(() => {}); // the server closes its pool cleanly
    await server?.close();
    await pg?.destroy();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers 503 while it is down, never 500, recovers by itself, and loses no acknowledged message", async () => {
    const sender = await createMember(server.deps, { paid: true, credits: 100_000 });
    const recipient = await createMember(server.deps);
    const cookie = `auth=${sender.sessionToken}`;
    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const retryAfter = new Set<string | null>();
    const acknowledged = new Set<string>();
    const attempted = new Set<string>();
    const load = new AbortController();

    /** One message, retried with the same client id until the server acknowledges it. */
    async function sendUntilAcknowledged(): Promise<void> {
      const clientId = crypto.randomUUID();
      attempted.add(clientId);
      for (;;) {
        const res = await fetch(`${server.url}/trpc/chats.send`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie },
          body: JSON.stringify({ toProfileId: recipient.id, clientId, body: `message ${clientId}` }),
          signal: AbortSignal.timeout(REQUEST_CEILING_MS),
        }).catch((err: Error) => (err.name === "TimeoutError" ? (count(0), null) : null));
        if (res) {
          count(res.status);
          if (res.status === 503) retryAfter.add(res.headers.get("retry-after"));
          await res.arrayBuffer();
          if (res.ok) {
            acknowledged.add(clientId);
            return;
          }
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const senders = Array.from({ length: SENDERS }, async () => {
      while (!load.signal.aborted) await sendUntilAcknowledged();
    });
    // An older client polling the legacy API meanwhile.
    const poller = (async () => {
      while (!load.signal.aborted) {
        const res = await fetch(`${server.url}/api/user.php`, {
          headers: { cookie },
          signal: AbortSignal.timeout(REQUEST_CEILING_MS),
        }).catch((err: Error) => (err.name === "TimeoutError" ? (count(0), null) : null));
        if (res) {
          count(res.status);
          await res.arrayBuffer();
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    })();

    const until = async (what: string, ms: number, cond: () => boolean) => {
      const deadline = Date.now() + ms;
      while (!cond()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    try {
      await until("some messages before the outage", 60_000, () => acknowledged.size >= 10);

      await pg.stopImmediate();
      const ackedBeforeOutage = acknowledged.size;
      await new Promise((r) => setTimeout(r, OUTAGE_MS));
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status, "not ready while the database is down").toBe(503);
      expect(statuses.get(503) ?? 0, "the server said 503 while PostgreSQL was down").toBeGreaterThan(0);

      await pg.start();
      const backAt = Date.now();
      // Recovers by itself: no restart of the server, just new connections from its pool.
      await until("a new acknowledged message after PostgreSQL's return", RECOVERY_BOUND_MS, () => {
        return acknowledged.size > ackedBeforeOutage + SENDERS;
      });
      for (;;) {
        const res = await fetch(`${server.url}/readyz`);
        if (res.status === 200) break;
        expect(Date.now() - backAt, "ready again within 30 s").toBeLessThan(RECOVERY_BOUND_MS);
        await new Promise((r) => setTimeout(r, 200));
      }
    } finally {
      load.abort();
      await Promise.all([...senders, poller]);
    }

    expect(statuses.get(500) ?? 0, `no 500 (statuses seen: ${JSON.stringify([...statuses])})`).toBe(0);
    for (const status of statuses.keys()) expect([200, 503]).toContain(status);
    expect([...retryAfter]).toEqual(["5"]);

    await expectStoredExactlyOnce(
      server.deps,
      sender.id,
      { acknowledged, attempted },
      { startCredits: 100_000, costPerMessage: 10 },
    );
  });
});
