import crypto from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { skipWithout } from "../support/env.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { TestBrowser, collectLiveEvents, lastEventIdOf, rawUpgrade } from "../support/client.js";
import { createMember, eventually } from "../support/factories.js";

/**
 * Scaled out (ARCHITECTURE "Two ways to run"): two instances on two ports share one
 * PostgreSQL database and Redis; a tab may be connected to either.
 */
describe.skipIf(skipWithout("postgres+redis", "two app instances sharing PostgreSQL and Redis"))(
  "two instances, one database, one Redis",
  () => {
    let db: TestDatabase;
    let one: TestServer;
    let two: TestServer;
    const browsers: TestBrowser[] = [];

    beforeAll(async () => {
      db = await createTestDatabase("postgres");
      one = await startTestServer(db, { redis: true, env: { INSTANCE_ID: "one" } });
      two = await startTestServer(db, { redis: true, env: { INSTANCE_ID: "two" } });
    });
    afterAll(async () => {
      await Promise.all([one?.close(), two?.close()]);
      await db?.drop();
    });
    afterEach(async () => {
      await Promise.all(browsers.splice(0).map((b) => b.closeSockets()));
    });

    function browser(server: TestServer, m: { sessionToken: string }) {
      const b = TestBrowser.withSession(server, m);
      browsers.push(b);
      return b;
    }

    it("both instances are ready on PostgreSQL and Redis, on different ports", async () => {
      expect(one.url).not.toBe(two.url);
      for (const s of [one, two]) {
        const res = await fetch(`${s.url}/readyz`);
        expect(res.status).toBe(200);
        expect(await res.json()).toMatchObject({
          status: "ready",
          database: "ok",
          bus: "ok",
          dbMode: "postgres",
          busKind: "redis",
        });
      }
    });

    it("a message sent through instance 1 reaches B's subscription on instance 2", async () => {
      const a = await createMember(one.deps, { paid: true, credits: 100 });
      const b = await createMember(one.deps);
      const bLive = collectLiveEvents(browser(two, b).openSocket().client, await lastEventIdOf(two, b.id));
      await bLive.waitStarted();

      const sent = await browser(one, a).trpc.chats.send.mutate({
        toProfileId: b.id,
        clientId: crypto.randomUUID(),
        body: "across instances",
      });
      await bLive.waitForCount(1);
      expect(bLive.events[0]!.data).toMatchObject({
        type: "message.new",
        message: { id: sent.message.id, body: "across instances" },
      });
      expect(await browser(two, b).trpc.chats.list.query()).toMatchObject({ totalUnread: 1 });
    });

    it("a match made on instance 2 reaches the member connected to instance 1", async () => {
      const a = await createMember(one.deps);
      const b = await createMember(two.deps);
      const aLive = collectLiveEvents(browser(one, a).openSocket().client, await lastEventIdOf(one, a.id));
      await aLive.waitStarted();
      await browser(one, a).trpc.likes.like.mutate({ profileId: b.id });
      await browser(two, b).trpc.likes.like.mutate({ profileId: a.id });
      await aLive.waitFor((e) => e.data.type === "match.new", "match.new on instance 1");
    });

    it("a member with a tab on each instance gets every message once, in order, on both, while two instances send at once", async () => {
      // Each instance delivers to its own tabs first and to the other's through Redis (infra/bus.ts),
      // so a tab can see a later event before an earlier one: the stream reads the gap back.
      const a = await createMember(one.deps, { paid: true, credits: 1000 });
      const c = await createMember(two.deps, { paid: true, credits: 1000 });
      const b = await createMember(one.deps);
      const from = await lastEventIdOf(one, b.id);
      const onOne = collectLiveEvents(browser(one, b).openSocket().client, from);
      const onTwo = collectLiveEvents(browser(two, b).openSocket().client, from);
      await Promise.all([onOne.waitStarted(), onTwo.waitStarted()]);
      const aSends = browser(one, a);
      const cSends = browser(two, c);
      const send = (via: TestBrowser, body: string) =>
        via.trpc.chats.send.mutate({ toProfileId: b.id, clientId: crypto.randomUUID(), body });
      const ROUNDS = 15;
      for (let i = 0; i < ROUNDS; i++) await Promise.all([send(aSends, `a${i}`), send(cSends, `c${i}`)]);

      for (const live of [onOne, onTwo]) {
        await live.waitForCount(2 * ROUNDS);
        const ids = live.events.map((e) => Number(e.id));
        expect(ids).toEqual(ids.map((_, i) => ids[0]! + i)); // every event id once, in order
        const bodies = live.events.map((e) => (e.data as { message?: { body?: string } }).message?.body);
        expect(new Set(bodies).size).toBe(2 * ROUNDS);
      }
    });

    it("a tab that moves to the other instance resumes after its last event id", async () => {
      const a = await createMember(one.deps, { paid: true, credits: 100 });
      const b = await createMember(one.deps);
      const first = browser(one, b).openSocket();
      const live1 = collectLiveEvents(first.client, await lastEventIdOf(one, b.id));
      await live1.waitStarted();
      const sendAs = browser(one, a);
      const sendText = (body: string) =>
        sendAs.trpc.chats.send.mutate({ toProfileId: b.id, clientId: crypto.randomUUID(), body });
      await sendText("one");
      await live1.waitForCount(1);
      live1.unsubscribe();
      await first.close();
      await sendText("two");
      await sendText("three");

      const live2 = collectLiveEvents(browser(two, b).openSocket().client, live1.events[0]!.id);
      await live2.waitForCount(2);
      await sendText("four");
      await live2.waitForCount(3);
      expect(live2.events.map((e) => (e.data as { message?: { body?: string } }).message?.body ?? e.data)).toEqual([
        "two",
        "three",
        "four",
      ]);
    });

    it("logout on instance 1 closes the session's socket on instance 2", async () => {
      const m = await createMember(one.deps);
      const b1 = await TestBrowser.loggedIn(one, m);
      const { status, socket } = await rawUpgrade(two.wsUrl, { origin: two.origin, cookie: b1.cookieHeader() });
      expect(status).toBe(101);
      const closed = new Promise<number>((resolve) => socket!.once("close", (code) => resolve(code)));
      await eventually(() => two.deps.sockets.size > 0, { what: "instance 2 to register the socket" });
      await b1.trpc.accounts.logout.mutate();
      expect(await closed).toBe(4001);
    });
  },
);
