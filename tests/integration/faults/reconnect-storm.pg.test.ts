import crypto from "node:crypto";
import postgres from "postgres";
import WebSocket from "ws";
import { createTRPCClient, createWSClient, wsLink } from "@trpc/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppRouter } from "../../../server/router.js";
import { createTestDatabase, type TestDatabase } from "../../support/database.js";
import { startTestServer, type TestServer } from "../../support/server.js";
import { callerFor } from "../../support/factories.js";
import { skipWithout, testRedisUrl } from "../../support/env.js";
import { childServer, type ChildServer } from "../../support/child-server.js";
import { seedMembers } from "../../../bench/lib/members.js";
import { createSession } from "../../../server/features/accounts/sessions.service.js";
import { reconnectDelayMs } from "../../../client/lib/reconnect.js";

/** The fault catalogue's storm: this many subscribed sockets when the server restarts. */
const SOCKETS = 2000;
/** …and they must all be subscribed again this long after it is back (the catalogue's bound). */
const RESUBSCRIBE_BOUND_MS = 60_000;
/** The server's database pool (DATABASE_POOL_MAX): its connections may never exceed it. */
const POOL_MAX = 10;
/** Messages sent in each phase: before the restart, while the server is down, after it is back. */
const MESSAGES_PER_PHASE = 150;

/**
 * Fault catalogue, reconnect storm: 2,000 members each have a tab subscribed to their live events
 * (the real tRPC WebSocket client, reconnecting with the app's own jittered back-off,
 * client/lib/reconnect.ts). The server (a child process, as `npm start` runs it) is stopped and
 * started again; messages are sent before, during (by another instance) and after. All 2,000
 * resubscribe within 60 s, the server's PostgreSQL connections never exceed its pool, and every
 * member receives each of its stored events exactly once (resumed from the last event id).
 */
describe.skipIf(skipWithout("postgres+redis", "the reconnect storm"))("reconnect storm", { timeout: 300_000 }, () => {
  let db: TestDatabase;
  let helper: TestServer;
  let server: ChildServer;
  const serverLog: string[] = [];
  const appName = `storm-${crypto.randomBytes(3).toString("hex")}`;

  beforeAll(async () => {
    db = await createTestDatabase();
    // Another instance on the same database and Redis: seeds, and sends while the server is down.
    helper = await startTestServer(db, { listen: false, redis: true });
    server = await childServer(
      {
        DATABASE_URL: db.databaseUrl,
        DATABASE_POOL_MAX: String(POOL_MAX),
        REDIS_URL: testRedisUrl,
        DATA_DIR: db.dataDir,
        PGAPPNAME: appName, // so its connections can be counted in pg_stat_activity
      },
      (line) => serverLog.push(line),
    );
  });
  afterAll(async () => {
    await server?.stop("SIGKILL");
    await helper?.close();
    await db?.drop();
  });

  it("2,000 sockets resubscribe within 60 s, within the pool, and no event is lost or doubled", async () => {
    const { members } = await seedMembers(helper.deps.db, { count: SOCKETS + 1, passwordHash: "x", credits: 100_000 });
    const [sender, ...recipients] = members;
    const tokens: string[] = [];
    for (let i = 0; i < recipients.length; i += 100) {
      const batch = recipients.slice(i, i + 100);
      tokens.push(...(await Promise.all(batch.map(async (m) => (await createSession(helper.deps.db, m.id)).token))));
    }
    const senderApi = await callerFor(helper.deps, {
      sessionToken: (await createSession(helper.deps.db, sender!.id)).token,
    });

    await server.start();

    // One tab per member: the app's WebSocket client with its jittered reconnect back-off.
    const tabs = recipients.map((member, i) => {
      const headers = { origin: server.url, cookie: `auth=${tokens[i]}` };
      class TabWebSocket extends WebSocket {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(url, protocols, { headers });
        }
      }
      const wsClient = createWSClient({
        url: `${server.url.replace(/^http/, "ws")}/trpc`,
        WebSocket: TabWebSocket as unknown as typeof globalThis.WebSocket,
        retryDelayMs: (attempt) => reconnectDelayMs(attempt),
      });
      const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });
      const tab = { member, wsClient, starts: 0, received: [] as string[], errors: [] as unknown[] };
      // As the app does (client/lib/api/use-live-events-subscription.ts): a stream the server
      // refused for a moment starts again after the jittered delay, from the last event id.
      let failures = 0;
      // The first subscription reads the member's log from its start ("0": seeded members have no
      // events yet). With null the server starts at the newest event when its generator first runs,
      // which can be after "started" reached the tab and after the first send had committed (the
      // app refetches its screens on start instead, live-member.tsx): under load that event was
      // never delivered and the test failed (once, in a full run on a busy machine).
      const subscribe = () =>
        client.live.events.subscribe(
          { lastEventId: tab.received.at(-1) ?? "0" },
          {
            onStarted: () => {
              tab.starts++;
              failures = 0;
            },
            onData: (d) => void tab.received.push(String((d as { id: string }).id)),
            onError: (err) => {
              tab.errors.push(err);
              setTimeout(subscribe, reconnectDelayMs(failures++));
            },
          },
        );
      subscribe();
      return tab;
    });

    const until = async (what: string, ms: number, cond: () => boolean) => {
      const deadline = Date.now() + ms;
      while (!cond()) {
        if (Date.now() > deadline) {
          const started = tabs.filter((t) => t.starts >= 1).length;
          const errors = tabs.flatMap((t) => t.errors).slice(0, 3);
          throw new Error(
            `timed out after ${ms} ms waiting for ${what}: ${started} tabs started; errors ${errors}; server said ${serverLog.slice(-5).join(" | ")}`,
          );
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const send = async (phase: string) => {
      for (let i = 0; i < MESSAGES_PER_PHASE; i++) {
        const to = recipients[(i * 13) % recipients.length]!;
        await senderApi.chats.send({ toProfileId: to.id, clientId: crypto.randomUUID(), body: `${phase} ${i}` });
      }
    };

    try {
      await until(`${SOCKETS} subscriptions`, 120_000, () => tabs.every((t) => t.starts >= 1));
      await send("before the restart");

      // Count the server's connections to PostgreSQL through the storm.
      const admin = postgres(db.databaseUrl!, { max: 1, onnotice: () => {} });
      let maxConnections = 0;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          const [row] = await admin<{ n: number }[]>`
            select count(*)::int as n from pg_stat_activity where application_name = ${appName}`;
          maxConnections = Math.max(maxConnections, row!.n);
          await new Promise((r) => setTimeout(r, 100));
        }
      })();

      try {
        expect(await server.stop("SIGTERM"), "a clean stop").toBe(0);
        await send("while the server is down"); // by the other instance: stored, not delivered yet
        await server.start();
        const backAt = Date.now();
        await until("every tab to resubscribe", RESUBSCRIBE_BOUND_MS, () => tabs.every((t) => t.starts >= 2));
        const resubscribedInMs = Date.now() - backAt;
        console.log(`reconnect storm: ${SOCKETS} sockets resubscribed in ${resubscribedInMs} ms`);
        await send("after the restart");
      } finally {
        sampling = false;
        await sampler;
        await admin.end();
      }
      expect(maxConnections, "the server's connections stay within its pool").toBeLessThanOrEqual(POOL_MAX);
      expect(maxConnections).toBeGreaterThan(0);

      // Every stored event of every member arrives, once.
      const stored = await helper.deps.db
        .selectFrom("member_events")
        .select(["user_id", "seq"])
        .where(
          "user_id",
          "in",
          recipients.map((m) => m.id),
        )
        .execute();
      const expected = new Map<number, string[]>();
      for (const r of stored) expected.set(r.user_id, [...(expected.get(r.user_id) ?? []), String(r.seq)]);
      expect(stored.length).toBeGreaterThanOrEqual(3 * MESSAGES_PER_PHASE);
      await until("every stored event to arrive", 60_000, () =>
        tabs.every((t) => t.received.length >= (expected.get(t.member.id)?.length ?? 0)),
      );
      for (const tab of tabs) {
        const want = (expected.get(tab.member.id) ?? []).sort();
        expect([...tab.received].sort(), `member ${tab.member.id}: each event once`).toEqual(want);
      }
      // Only refusals of the moment (503, retried above), never another error.
      const errors = tabs.flatMap((t) => t.errors).map((e) => (e as { data?: { appCode?: string } }).data?.appCode);
      expect(errors.filter((code) => code !== "SERVICE_UNAVAILABLE")).toEqual([]);
    } finally {
      for (const tab of tabs) tab.wsClient.close();
    }
  });
});
