import crypto from "node:crypto";
import net from "node:net";
import type WebSocket from "ws";
import { afterEach, describe, expect, it } from "vitest";
import { useTestServer } from "../support/server.js";
import { TestBrowser, collectLiveEvents, lastEventIdOf, rawUpgrade } from "../support/client.js";
import { sql } from "kysely";
import { openMemberEventStream, pruneLiveEvents } from "../../server/features/live/live.service.js";
import { eventually, memberFactory } from "../support/factories.js";
import { hashToken } from "../../server/features/accounts/sessions.service.js";

const t = useTestServer();
const browsers: TestBrowser[] = [];
const rawSockets: WebSocket[] = [];
afterEach(async () => {
  await Promise.all(browsers.splice(0).map((b) => b.closeSockets()));
  for (const s of rawSockets.splice(0)) s.terminate();
});

const member = memberFactory(t);
type Member = Awaited<ReturnType<typeof member>>;

function browserOf(m: { sessionToken: string }) {
  const b = TestBrowser.withSession(t.server, m);
  browsers.push(b);
  return b;
}

function send(from: Member, to: { id: number }, body: string) {
  return from.api.chats.send({ toProfileId: to.id, clientId: crypto.randomUUID(), body });
}

/** The text of each message.new event; anything else shows up as itself, so a wrong event is visible. */
const bodies = (events: Array<{ data: unknown }>) =>
  events.map((e) => {
    const d = e.data as { type?: string; message?: { body: string } };
    return typeof d === "object" && d?.type === "message.new" ? d.message!.body : { unexpected: e.data };
  });

/** Open a raw WebSocket to /trpc as `cookie` and start live.events on it; resolves when the server says started. */
async function rawSubscription(cookie: string) {
  const { status, socket } = await rawUpgrade(t.server.wsUrl, { origin: t.server.origin, cookie });
  expect(status).toBe(101);
  rawSockets.push(socket!);
  const messages: Array<{
    id: number;
    result?: { type: string };
    error?: { message: string; data?: { appCode?: string } };
  }> = [];
  socket!.on("message", (raw) => messages.push(JSON.parse(String(raw))));
  const closed = new Promise<{ code: number }>((resolve) => socket!.once("close", (code) => resolve({ code })));
  socket!.send(
    JSON.stringify({ id: 1, method: "subscription", params: { path: "live.events", input: { lastEventId: null } } }),
  );
  await eventually(() => messages.find((m) => m.id === 1 && (m.result?.type === "started" || m.error)), {
    what: "the subscription's first answer",
  });
  return { socket: socket!, messages, closed };
}

/** Make the members' events so far `hours` old (the clock is not waited for). */
async function ageEvents(userIds: number[], hours: number) {
  await t.server.deps.db
    .updateTable("member_events")
    .set({ created_at: sql<Date>`now() - make_interval(hours => ${hours})` })
    .where("user_id", "in", userIds)
    .execute();
}

function metricValue(text: string, name: string): number {
  const m = new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, "m").exec(text);
  if (!m) throw new Error(`metric ${name} not found in /metrics`);
  return Number(m[1]);
}
async function metrics(): Promise<string> {
  const res = await fetch(`${t.server.url}/metrics`);
  expect(res.status).toBe(200);
  return res.text();
}

describe("live events over a real WebSocket", () => {
  it("a message sent by A appears in B's subscription (and on A's other tabs)", async () => {
    const a = await member({ paid: true, credits: 100 });
    const b = await member();
    const bLive = collectLiveEvents(browserOf(b).openSocket().client, await lastEventIdOf(t.server, b.id));
    const aLive = collectLiveEvents(browserOf(a).openSocket().client, await lastEventIdOf(t.server, a.id));
    await Promise.all([bLive.waitStarted(), aLive.waitStarted()]);

    const sent = await send(a, b, "hello over the socket");
    await bLive.waitForCount(1);
    expect(bLive.events[0]!.data).toMatchObject({
      type: "message.new",
      conversationId: sent.message.conversationId,
      otherProfileId: a.id,
      message: { id: sent.message.id, body: "hello over the socket", senderId: a.id, seq: 1 },
    });
    await aLive.waitForCount(1);
    expect(aLive.events[0]!.data).toMatchObject({
      type: "message.new",
      otherProfileId: b.id,
      message: { id: sent.message.id },
    });
  });

  it("typing reaches the other member; reading a chat reaches the reader's other tabs", async () => {
    const a = await member({ paid: true, credits: 100 });
    const b = await member();
    const { message } = await send(a, b, "are you there?");
    const bTab1 = collectLiveEvents(browserOf(b).openSocket().client, await lastEventIdOf(t.server, b.id));
    const bTab2 = collectLiveEvents(browserOf(b).openSocket().client, await lastEventIdOf(t.server, b.id));
    await Promise.all([bTab1.waitStarted(), bTab2.waitStarted()]);

    await a.api.chats.typing({ conversationId: message.conversationId });
    await bTab1.waitFor((e) => e.data.type === "typing", "typing");
    expect(bTab1.events.find((e) => e.data.type === "typing")!.data).toMatchObject({
      conversationId: message.conversationId,
      profileId: a.id,
    });

    await b.api.chats.markRead({ conversationId: message.conversationId });
    await bTab2.waitFor((e) => e.data.type === "conversation.read", "conversation.read on the other tab");
  });

  it("reconnecting with lastEventId resumes exactly after it: nothing missed, nothing doubled", async () => {
    const a = await member({ paid: true, credits: 1000 });
    const b = await member();
    const bBrowser = browserOf(b);
    const first = bBrowser.openSocket();
    const live1 = collectLiveEvents(first.client, await lastEventIdOf(t.server, b.id));
    await live1.waitStarted();
    await send(a, b, "m1");
    await live1.waitForCount(1);
    const lastSeen = live1.events[0]!.id;
    live1.unsubscribe();
    await first.close();

    // B is offline: these are only in the database.
    for (const body of ["m2", "m3", "m4"]) await send(a, b, body);

    const live2 = collectLiveEvents(bBrowser.openSocket().client, lastSeen);
    await live2.waitForCount(3);
    expect(bodies(live2.events)).toEqual(["m2", "m3", "m4"]);
    await send(a, b, "m5");
    await live2.waitForCount(4);
    // A doubled delivery would come before a later message (events arrive in id order): wait for
    // one more instead of a fixed time, so the check does not depend on the machine's speed.
    await send(a, b, "barrier");
    await live2.waitFor((e) => bodies([e])[0] === "barrier", "the barrier message");
    expect(bodies(live2.events)).toEqual(["m2", "m3", "m4", "m5", "barrier"]);
    const ids = live2.events.map((e) => Number(e.id));
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true);
    expect(ids[0]).toBeGreaterThan(Number(lastSeen));
  });

  it("a resume reaches back 24 hours at most: older events are not sent again (the tab reloads its screens)", async () => {
    const a = await member({ paid: true, credits: 1000 });
    const b = await member();
    await send(a, b, "two days ago");
    await ageEvents([b.id], 48);
    await send(a, b, "today");
    const live = collectLiveEvents(browserOf(b).openSocket().client, "0");
    await live.waitFor((e) => bodies([e])[0] === "today", "today's message");
    await send(a, b, "barrier");
    await live.waitFor((e) => bodies([e])[0] === "barrier", "the barrier message");
    expect(bodies(live.events)).toEqual(["today", "barrier"]);
  });

  it("the events past the resume window are pruned; those within it stay", async () => {
    const a = await member({ paid: true, credits: 1000 });
    const b = await member();
    await send(a, b, "old");
    await ageEvents([a.id, b.id], 26);
    await send(a, b, "new");
    expect(await pruneLiveEvents(t.server.deps)).toBeGreaterThanOrEqual(2);
    const left = await t.server.deps.db
      .selectFrom("member_events")
      .select("payload")
      .where("user_id", "in", [a.id, b.id])
      .execute();
    expect(left.map((e) => (e.payload as { message?: { body: string } }).message?.body)).toEqual(["new", "new"]);
  });

  it("the client resumes by itself after the server drops the socket, missing nothing", async () => {
    const a = await member({ paid: true, credits: 1000 });
    const b = await member();
    let opened = 0;
    const socket = browserOf(b).openSocket({ retryDelayMs: 200, onOpen: () => (opened += 1) });
    const live = collectLiveEvents(socket.client, await lastEventIdOf(t.server, b.id));
    await live.waitStarted();
    await send(a, b, "before the drop");
    await live.waitForCount(1);

    t.server.deps.sockets.closeSession(hashToken(b.sessionToken)); // the server ends the connection (as on a deploy)
    await send(a, b, "during the drop 1");
    await send(a, b, "during the drop 2");
    await eventually(() => opened >= 2, { what: "the client to reconnect" });
    await send(a, b, "after the drop");
    await live.waitForCount(4);
    // A doubled delivery would come before a later message: wait for one more, not a fixed time.
    await send(a, b, "barrier");
    await live.waitFor((e) => bodies([e])[0] === "barrier", "the barrier message");
    expect(bodies(live.events)).toEqual([
      "before the drop",
      "during the drop 1",
      "during the drop 2",
      "after the drop",
      "barrier",
    ]);
  });

  it("refuses the WebSocket upgrade from a foreign Origin (403), or without one", async () => {
    const m = await member();
    const cookie = `auth=${m.sessionToken}`;
    expect((await rawUpgrade(t.server.wsUrl, { origin: "https://evil.example", cookie })).status).toBe(403);
    expect((await rawUpgrade(t.server.wsUrl, { origin: `http://127.0.0.1.evil.example`, cookie })).status).toBe(403);
    expect((await rawUpgrade(t.server.wsUrl, { cookie })).status).toBe(403);
    const same = await rawUpgrade(t.server.wsUrl, { origin: t.server.origin, cookie });
    expect(same.status).toBe(101);
    same.socket!.terminate();
  });

  it("a refused upgrade is answered 403 and the server closes that connection", async () => {
    const port = new URL(t.server.url).port;
    const sock = net.connect(Number(port), "127.0.0.1");
    await new Promise((r) => sock.once("connect", r));
    let answer = "";
    sock.on("data", (d) => (answer += String(d)));
    const closedByServer = new Promise<boolean>((resolve) => {
      sock.once("close", () => resolve(true));
      // A ceiling for a slow machine; the close itself resolves this at once.
      setTimeout(() => resolve(false), 20_000).unref();
    });
    sock.write(
      `GET /trpc HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
        `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${crypto.randomBytes(16).toString("base64")}\r\nOrigin: https://evil.example\r\n\r\n`,
    );
    const closed = await closedByServer;
    sock.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 403 /);
    expect(closed, "the server should end the refused connection, not keep it (and its own shutdown) waiting").toBe(
      true,
    );
  });

  it("answers a WebSocket upgrade to any other route 404 before the handshake, whatever the Origin", async () => {
    const m = await member();
    const cookie = `auth=${m.sessionToken}`;
    for (const route of ["/api/user.php", "/healthz", "/members", "/no-such-page"]) {
      for (const origin of [t.server.origin, "https://evil.example"]) {
        const url = new URL(route, t.server.wsUrl).href;
        expect((await rawUpgrade(url, { origin, cookie })).status, `${route} from ${origin}`).toBe(404);
      }
    }
  });

  it("logout closes the member's open sockets; the old cookie opens no new subscription", async () => {
    const m = await member();
    const b = await TestBrowser.loggedIn(t.server, m);
    const cookie = b.cookieHeader();
    const sub = await rawSubscription(cookie);
    expect(sub.messages[0]?.result?.type).toBe("started");

    await b.trpc.accounts.logout.mutate();
    const { code } = await Promise.race([
      sub.closed,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error("the socket stayed open after logout")), 20_000).unref(),
      ),
    ]);
    expect(code).toBe(4001);

    const again = await rawSubscription(cookie);
    expect(again.messages[0]?.error?.data?.appCode).toBe("AUTHENTICATION_REQUIRED");
  });

  it("a frame holds at most TRPC_MAX_BATCH_SIZE calls, as an HTTP batch: a larger one closes the socket (1008)", async () => {
    const m = await member();
    const cookie = (await TestBrowser.loggedIn(t.server, m)).cookieHeader();
    const batch = (n: number) =>
      JSON.stringify(
        Array.from({ length: n }, (_, i) => ({ id: i + 1, method: "query", params: { path: "live.counters" } })),
      );
    const open = async () => {
      const { socket } = await rawUpgrade(t.server.wsUrl, { origin: t.server.origin, cookie });
      rawSockets.push(socket!);
      const answers: Array<{ id: number }> = [];
      socket!.on("message", (raw) => answers.push(JSON.parse(String(raw)) as { id: number }));
      return { socket: socket!, answers };
    };
    const max = t.server.deps.config.TRPC_MAX_BATCH_SIZE;
    const fine = await open();
    fine.socket.send(batch(max));
    await eventually(() => fine.answers.length === max || undefined, { what: `${max} answers` });
    const tooMany = await open();
    const closed = new Promise<number>((resolve) => tooMany.socket.once("close", (code) => resolve(code)));
    tooMany.socket.send(batch(max + 1));
    expect(await closed).toBe(1008);
    expect(tooMany.answers).toEqual([]);
  });

  it("a socket holds at most 4 live streams (a tab opens one); a fifth is refused", async () => {
    const m = await member();
    const cookie = (await TestBrowser.loggedIn(t.server, m)).cookieHeader();
    const { socket } = await rawUpgrade(t.server.wsUrl, { origin: t.server.origin, cookie });
    rawSockets.push(socket!);
    const answers: Array<{
      id: number;
      result?: { type: string };
      error?: { message: string; data?: { appCode?: string; httpStatus?: number; code?: string } };
    }> = [];
    socket!.on("message", (raw) => answers.push(JSON.parse(String(raw)) as (typeof answers)[number]));
    const refusals = async () =>
      (await t.server.deps.metrics.rateLimitRefusals.get()).values.find((v) => v.labels.route === "/trpc/live.events")
        ?.value ?? 0;
    const refusalsBefore = await refusals();
    for (let id = 1; id <= 5; id++)
      socket!.send(
        JSON.stringify({ id, method: "subscription", params: { path: "live.events", input: { lastEventId: null } } }),
      );
    // tRPC says "started" for each; one of them (the calls run at once: any one) then ends with the refusal.
    await eventually(() => answers.find((a) => a.error) ?? undefined, { what: "the refusal" });
    const refused = answers.filter((a) => a.error);
    // A 429 like every other limit, not a 500 (the refusal is thrown inside the stream: errors.ts clientErrorOf).
    expect(refused.map((a) => [a.error?.data?.appCode, a.error?.data?.code, a.error?.data?.httpStatus])).toEqual([
      ["RATE_LIMITED", "TOO_MANY_REQUESTS", 429],
    ]);
    expect(refused[0]!.error!.message).not.toBe("An error has occurred");
    expect(await refusals()).toBe(refusalsBefore + 1);
  });

  it("a socket whose client leaves while its session is looked up is not kept in the registry", async () => {
    const m = await member();
    const cookie = (await TestBrowser.loggedIn(t.server, m)).cookieHeader();
    await Promise.all(
      Array.from({ length: 40 }, async () => {
        const { socket } = await rawUpgrade(t.server.wsUrl, { origin: t.server.origin, cookie });
        socket!.terminate();
      }),
    );
    await eventually(() => (t.server.app.websocketServer.clients.size === 0 ? true : undefined), {
      what: "the server to see every socket closed",
    });
    await eventually(() => (t.server.deps.sockets.size === 0 ? true : undefined), { what: "an empty socket registry" });
  });

  it("a visitor's subscription is refused with authentication_required", async () => {
    const sub = await rawSubscription("");
    expect(sub.messages[0]?.error?.message).toBe("authentication_required");
  });

  it("/metrics observes each live event's delivery lag, from its commit to the socket write", async () => {
    const a = await member({ paid: true, credits: 100 });
    const b = await member();
    const bLive = collectLiveEvents(browserOf(b).openSocket().client, await lastEventIdOf(t.server, b.id));
    await bLive.waitStarted();
    // A first message, once B has it, leaves B's stream waiting on the bus: the next event arrives
    // as a bus hint (what the histogram times), not read back by the stream's opening backfill.
    await send(a, b, "are you there?");
    await bLive.waitForCount(1);
    const before = metricValue(await metrics(), "bus_delivery_lag_seconds_count");
    await send(a, b, "how long did I take?");
    await bLive.waitForCount(2);
    // One message.new to B's socket (A has no tab open): counted once written.
    await eventually(async () => metricValue(await metrics(), "bus_delivery_lag_seconds_count") >= before + 1, {
      what: "bus_delivery_lag_seconds to observe the delivered event",
    });
    const text = await metrics();
    // Observed in seconds: the sum grew by a non-negative lag, and the +Inf bucket holds every observation.
    expect(metricValue(text, "bus_delivery_lag_seconds_sum")).toBeGreaterThanOrEqual(0);
    expect(text).toMatch(/^bus_delivery_lag_seconds_bucket\{le="\+Inf"\} [1-9]\d*$/m);
  });

  it("/metrics counts open WebSockets and active subscriptions", async () => {
    const m = await member();
    // This file's server: once the earlier tests' sockets are closed, both gauges are at 0.
    const ws0 = 0;
    const subs0 = 0;
    await eventually(
      async () => {
        const text = await metrics();
        return (
          metricValue(text, "ws_connections_open") === ws0 && metricValue(text, "trpc_subscriptions_active") === subs0
        );
      },
      { what: "the earlier tests' sockets to close" },
    );

    const socket = browserOf(m).openSocket();
    const live = collectLiveEvents(socket.client, await lastEventIdOf(t.server, m.id));
    await live.waitStarted();
    await eventually(
      async () => {
        const text = await metrics();
        return (
          metricValue(text, "ws_connections_open") === ws0 + 1 &&
          metricValue(text, "trpc_subscriptions_active") === subs0 + 1
        );
      },
      { what: "ws_connections_open and trpc_subscriptions_active to count the new socket" },
    );

    live.unsubscribe();
    await socket.close();
    await eventually(
      async () => {
        const text = await metrics();
        return (
          metricValue(text, "ws_connections_open") === ws0 && metricValue(text, "trpc_subscriptions_active") === subs0
        );
      },
      { what: "the gauges to go back down" },
    );
  });
});

describe("where a live stream starts", () => {
  it("without lastEventId, at the member's newest event when it is opened: an event committed before its first turn is delivered", async () => {
    const [a, b] = [await member(), await member()];
    const aborted = new AbortController();
    const stream = await openMemberEventStream(t.server.deps, b.id, null, aborted.signal);
    // tRPC's WebSocket handler has told the tab `started` by now, before the stream's first turn.
    await send(a, b, "sent just after started");
    const first = await stream.next();
    aborted.abort();
    await stream.return(undefined);
    expect(bodies([{ data: JSON.parse(JSON.stringify((first.value as unknown[])[1])) }])).toEqual([
      "sent just after started",
    ]);
  });
});
