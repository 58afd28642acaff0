import crypto from "node:crypto";
import dns from "node:dns";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestServer } from "../support/server.js";
import { createPushAgent, isPublicAddress, PushAddressRefusedError } from "../../server/features/push/push-endpoint.js";
import { appCodeOf, eventually, failureOf, memberFactory, type MemberWithApi } from "../support/factories.js";
import { collectLiveEvents, lastEventIdOf, TestBrowser } from "../support/client.js";
import { startPushService, type TestPushService, type TestSubscription } from "../support/push-service.js";

/**
 * Issue 11 (§2 push prompt, §4 push subscription, §7 "A push service worker is registered"): Web
 * Push end to end. A member subscribes (tRPC push.subscribe or §7 POST /api/user.php?push=1) with
 * an endpoint of a local push service (tests/support/push-service.ts) that decrypts what arrives
 * (RFC 8291) with the browser keys it made: a message, like or match for a member with no open tab
 * is queued in the outbox after commit, sent by the mail worker, signed with the site's VAPID key
 * and readable by the subscription only; with a tab open, nothing is pushed; a subscription the
 * push service calls gone (404 or 410) is deleted. Runs on PGlite (in-process bus and presence)
 * and on PostgreSQL with Redis (presence across instances in Redis).
 */
const t = useTestServer({ env: { PUSH_ALLOW_LOOPBACK_HTTP: "true" } });
const member = memberFactory(t, { credits: 500, paid: true });
let pushService: TestPushService;
beforeAll(async () => {
  pushService = await startPushService();
});
afterAll(async () => {
  await pushService?.close();
});

const send = (from: MemberWithApi, to: { id: number }, body = "hello") =>
  from.api.chats.send({ toProfileId: to.id, clientId: crypto.randomUUID(), body });

async function subscribed(m: MemberWithApi): Promise<TestSubscription> {
  const s = pushService.subscribe();
  expect(await m.api.push.subscribe({ subscription: s.subscription })).toEqual({ state: "subscribed" });
  return s;
}

const subscriptionsOf = async (m: { id: number }) =>
  (await t.server.deps.db.selectFrom("push_subscriptions").select("id").where("user_id", "=", m.id).execute()).length;
const pushRowsOf = async (m: { id: number }) =>
  (
    await t.server.deps.db
      .selectFrom("mail_outbox")
      .select("id")
      .where("user_id", "=", m.id)
      .where("channel", "=", "push")
      .execute()
  ).length;

describe("a member with no open tab gets an encrypted push", () => {
  it("for each new message: decrypted, it names the sender and the chat; signed with the site's VAPID key", async () => {
    const a = await member({ name: "Annabel" });
    const b = await member();
    const sub = await subscribed(b);

    const first = await send(a, b, "first");
    const push = await eventually(() => sub.received[0], { what: "the first push at the local push service" });
    expect(push.payload).toMatchObject({
      title: "Amora",
      body: "Annabel sent you a message",
      url: `/chats/${first.message.conversationId}`,
      tag: `chat-${first.message.conversationId}`,
    });
    expect(push.payload.badge).toBe(1);
    // No message text, nothing else: the payload stays small.
    expect(Object.keys(push.payload).sort()).toEqual(["badge", "body", "tag", "title", "url"]);
    expect(JSON.stringify(push.payload)).not.toContain("first");
    // RFC 8292: signed with the key the site settings give browsers to subscribe with.
    const { push_public_key } = await a.api.site.settings();
    expect(push_public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(push.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${push_public_key}$`),
    );
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);

    // The next message goes the one-statement way (existing conversation): pushed as well.
    await send(a, b, "second");
    const second = await eventually(() => sub.received[1], { what: "the second push" });
    expect(second.payload).toMatchObject({ body: "Annabel sent you a message", badge: 2 });
  });

  it("in the member's language", async () => {
    const a = await member({ name: "Carla" });
    const b = await member();
    await b.api.accounts.updateSettings({ language: "de" });
    const sub = await subscribed(b);
    await send(a, b);
    const push = await eventually(() => sub.received[0], { what: "the push" });
    expect(push.payload.body).toBe("Carla hat dir eine Nachricht geschickt");
  });

  it("for a like (to the received likes) and a match (to the match)", async () => {
    const a = await member({ name: "Liam" });
    const b = await member({ name: "Mia" });
    const subA = await subscribed(a);
    const subB = await subscribed(b);
    await a.api.likes.like({ profileId: b.id });
    const like = await eventually(() => subB.received[0], { what: "the like push" });
    expect(like.payload).toMatchObject({ body: "Liam likes you", url: "/likes/received" });
    await b.api.likes.like({ profileId: a.id });
    const match = await eventually(() => subA.received[0], { what: "the match push" });
    expect(match.payload).toMatchObject({ body: "It's a match: you and Mia like each other", url: `/likes/m/${b.id}` });
  });

  it("a like/unlike loop pushes the liked member once, and a match once per pair (review of 2026-11-27 §3)", async () => {
    const a = await member({ name: "Lars" });
    const b = await member({ name: "Nina" });
    const subA = await subscribed(a);
    const subB = await subscribed(b);
    for (let i = 0; i < 4; i++) {
      await a.api.likes.like({ profileId: b.id });
      await a.api.likes.unlike({ profileId: b.id });
    }
    await a.api.likes.like({ profileId: b.id });
    await b.api.likes.like({ profileId: a.id }); // a match, pushed to a
    for (let i = 0; i < 3; i++) {
      await b.api.likes.unlike({ profileId: a.id });
      await b.api.likes.like({ profileId: a.id }); // a match again
      await a.api.likes.unlike({ profileId: b.id });
      await a.api.likes.like({ profileId: b.id }); // and again, made by the other one
    }
    // Everything queued has gone out (or was never queued).
    await eventually(
      async () =>
        (
          await t.server.deps.db
            .selectFrom("mail_outbox")
            .select("id")
            .where("user_id", "in", [a.id, b.id])
            .where("channel", "=", "push")
            .where("status", "=", "pending")
            .execute()
        ).length === 0,
      { what: "the pushes of a and b to be sent" },
    );
    expect(subB.received.map((p) => p.payload.body)).toEqual(["Lars likes you"]);
    expect(subA.received.map((p) => p.payload.body)).toEqual(["It's a match: you and Nina like each other"]);
  });
});

describe("no push while a tab is open", () => {
  it("a member with a live socket gets the message there and no push; after closing it, pushes again", async () => {
    const a = await member({ name: "Otto" });
    const b = await member();
    const sub = await subscribed(b);
    const browser = TestBrowser.withSession(t.server, b);
    const socket = browser.openSocket();
    const live = collectLiveEvents(socket.client, await lastEventIdOf(t.server, b.id));
    await live.waitStarted();
    await eventually(() => t.server.deps.presence.isOnline(b.id), { what: "b online" });

    // A new conversation is sent in one transaction, which decides about the push: none queued.
    await send(a, b, "while the tab is open");
    await live.waitFor((e) => e.data.type === "message.new", "the message on the open tab");
    expect(await pushRowsOf(b)).toBe(0);

    live.unsubscribe();
    await browser.closeSockets();
    await eventually(async () => !(await t.server.deps.presence.isOnline(b.id)), { what: "b offline" });
    await b.api.chats.markRead({ conversationId: (await send(a, b, "tab closed")).message.conversationId });
    const push = await eventually(() => sub.received[0], { what: "the push after the tab closed" });
    expect(push.payload.body).toBe("Otto sent you a message");
    expect(sub.received).toHaveLength(1);
  });
});

describe("subscriptions", () => {
  it.each([410, 404])("a subscription the push service calls gone (%i) is deleted", async (status) => {
    const a = await member();
    const b = await member();
    const sub = await subscribed(b);
    sub.answerWith(status);
    expect(await subscriptionsOf(b)).toBe(1);
    await send(a, b);
    await eventually(async () => (await subscriptionsOf(b)) === 0, { what: "the gone subscription deleted" });
    expect(sub.requests).toBe(1);
    expect(sub.received).toHaveLength(0);
  });

  it("a push service failing (500) leaves the push queued for a retry, counted by push_queue_depth", async () => {
    const a = await member();
    const b = await member();
    const sub = await subscribed(b);
    sub.answerWith(500);
    await send(a, b);
    await eventually(() => sub.requests >= 1, { what: "the attempt at the push service" });
    const row = await eventually(
      () =>
        t.server.deps.db
          .selectFrom("mail_outbox")
          .select(["status", "attempts", "last_error"])
          .where("user_id", "=", b.id)
          .where("channel", "=", "push")
          .where("last_error", "is not", null)
          .executeTakeFirst(),
      { what: "the failed attempt recorded" },
    );
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.last_error).toContain("500");
    expect(await subscriptionsOf(b)).toBe(1); // only 404/410 delete it
    const scraped = await t.server.deps.metrics.registry.getSingleMetricAsString("push_queue_depth");
    expect(Number(/^push_queue_depth (\d+)$/m.exec(scraped)?.[1])).toBeGreaterThanOrEqual(1);
  });

  it("§7 POST /api/user.php?push=1 stores one too; 'denied' is recorded as denied and drops them", async () => {
    const b = await member();
    const browser = TestBrowser.withSession(t.server, b);
    const s = pushService.subscribe();
    const res = await browser.fetch("/api/user.php?push=1", {
      method: "POST",
      headers: { "content-type": "application/json", origin: t.server.origin },
      body: JSON.stringify({ subscription: s.subscription }),
    });
    expect(res.status).toBe(200);
    expect(await subscriptionsOf(b)).toBe(1);
    expect(await b.api.push.state()).toEqual({ state: "subscribed" });
    expect(await b.api.push.subscribe({ subscription: "denied" })).toEqual({ state: "denied" });
    expect(await b.api.push.state()).toEqual({ state: "denied" });
    expect(await subscriptionsOf(b)).toBe(0);
  });

  it("an endpoint that is not https is refused (http only on the loopback, for tests)", async () => {
    const b = await member();
    const err = await failureOf(
      b.api.push.subscribe({
        subscription: { endpoint: "http://push.example/abc", keys: pushService.subscribe().subscription.keys },
      }),
    );
    expect(appCodeOf(err)).toBe("VALIDATION");
    expect(err.message).toBe("The push endpoint must be the https URL of a push service");
  });

  it("a subscription ends with the session it came from: logout over tRPC or the legacy API, or a password change elsewhere", async () => {
    // Logout (tRPC accounts.logout).
    const a = await member();
    await subscribed(a);
    await a.api.accounts.logout();
    expect(await subscriptionsOf(a)).toBe(0);
    // Logout (§7 GET /api/logout.php).
    const b = await member();
    const browser = TestBrowser.withSession(t.server, b);
    await browser.trpc.push.subscribe.mutate({ subscription: pushService.subscribe().subscription });
    expect(await subscriptionsOf(b)).toBe(1);
    await (await browser.fetch("/api/logout.php")).arrayBuffer();
    expect(await subscriptionsOf(b)).toBe(0);
    // The phone's session ends when the password is changed on the computer: so do its pushes.
    const c = await member();
    const phone = await TestBrowser.loggedIn(t.server, c);
    const sub = pushService.subscribe();
    await phone.trpc.push.subscribe.mutate({ subscription: sub.subscription });
    await c.api.security.changePassword({
      oldPassword: c.password,
      password: "a new secret 42",
      passwordRepeat: "a new secret 42",
    });
    expect(await subscriptionsOf(c)).toBe(0);
    // A message for them now queues no push at all.
    await send(await member(), c);
    expect(await pushRowsOf(c)).toBe(0);
  });

  it("an endpoint in characters other than printable ASCII is refused with a clear error, never a 500", async () => {
    const b = await member();
    const keys = pushService.subscribe().subscription.keys;
    // 2,036 characters (within the length limit), some 6 KB in UTF-8: more than the index holds.
    const endpoint = `https://fcm.googleapis.com/fcm/send/${"推".repeat(2000)}`;
    const err = await failureOf(b.api.push.subscribe({ subscription: { endpoint, keys } }));
    expect(appCodeOf(err)).toBe("VALIDATION");
    const browser = TestBrowser.withSession(t.server, b);
    const res = await browser.fetch("/api/user.php?push=1", {
      method: "POST",
      headers: { "content-type": "application/json", origin: t.server.origin },
      body: JSON.stringify({ subscription: { endpoint, keys } }),
    });
    expect(res.status).toBe(400);
    expect(await subscriptionsOf(b)).toBe(0);
  });

  it("a member keeps their newest 10 browsers: an 11th subscription replaces the oldest", async () => {
    const b = await member();
    const subs = [];
    for (let i = 0; i < 11; i++) subs.push(await subscribed(b));
    const stored = await t.server.deps.db
      .selectFrom("push_subscriptions")
      .select("endpoint")
      .where("user_id", "=", b.id)
      .execute();
    expect(stored.map((r) => r.endpoint).sort()).toEqual(
      subs
        .slice(1)
        .map((s) => s.subscription.endpoint)
        .sort(),
    );
  });

  it("an endpoint moves to another member only from the same browser (same key): its URL alone does not take the pushes over", async () => {
    const [victim, thief] = await Promise.all([member(), member()]);
    const sub = await subscribed(victim);
    const stolen = { ...sub.subscription, keys: pushService.subscribe().subscription.keys };
    expect(await thief.api.push.subscribe({ subscription: stolen })).toEqual({ state: "subscribed" });
    expect([await subscriptionsOf(victim), await subscriptionsOf(thief)]).toEqual([1, 0]);
    // The same browser, logged in as the other member: its subscription moves with its key.
    expect(await thief.api.push.subscribe({ subscription: sub.subscription })).toEqual({ state: "subscribed" });
    expect([await subscriptionsOf(victim), await subscriptionsOf(thief)]).toEqual([0, 1]);
  });

  it.each([
    "https://10.0.0.5:8443/anything",
    "https://127.0.0.1/x",
    "https://[::1]/x",
    "https://169.254.169.254/latest",
    "https://localhost/x",
    "https://metadata.internal/x",
    "https://printer.local/x",
    "https://intranet/x",
  ])("an endpoint inside the server's own network is refused: %s", async (endpoint) => {
    const b = await member();
    const err = await failureOf(
      b.api.push.subscribe({ subscription: { endpoint, keys: pushService.subscribe().subscription.keys } }),
    );
    expect(appCodeOf(err)).toBe("VALIDATION");
    expect(await subscriptionsOf(b)).toBe(0);
  });
});

/** An HTTP server on 127.0.0.1 that counts the TCP connections it gets (an internal service a push must not reach). */
async function localService(): Promise<{ port: number; readonly connections: number; close(): Promise<void> }> {
  let connections = 0;
  const server = http.createServer((_req, res) => res.writeHead(201).end());
  server.on("connection", () => (connections += 1));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return connections;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe("push endpoints (push-endpoint.ts)", () => {
  it("public addresses only, IPv4-mapped and NAT64 (64:ff9b::/96) judged by the IPv4 address they carry", () => {
    for (const address of [
      "8.8.8.8",
      "2a00:1450:4001:80b::200a",
      "142.250.186.74",
      "::ffff:8.8.8.8",
      "::ffff:808:808",
      "64:ff9b::808:808",
      "64:ff9b::8.8.8.8",
    ])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "127.0.0.1",
      "169.254.169.254",
      "100.64.0.1",
      "::1",
      "fd00::1",
      "fe80::1",
      "::ffff:10.0.0.1",
      "0.0.0.0",
      // Review §9: the IPv6 forms that reach an IPv4 host, and the other special ranges.
      "::ffff:7f00:1", // IPv4-mapped, hex form
      "64:ff9b::7f00:1", // NAT64 to 127.0.0.1
      "64:ff9b::a9fe:a9fe", // NAT64 to 169.254.169.254
      "64:ff9b:1::808:808", // local-use NAT64 (RFC 8215)
      "2002:7f00:1::1", // 6to4 (RFC 3056)
      "2002:808:808::1",
      "::7f00:1", // IPv4-compatible (deprecated)
      "::",
      "2001::1", // Teredo
      "2001:db8::1", // documentation
      "3fff::1", // documentation (RFC 9637)
      "100::1", // discard-only
      "5f00::1", // SRv6
      "fec0::1", // site-local (deprecated)
      "ff02::1",
      "ff0e::1",
      "192.0.2.1", // documentation
      "198.51.100.1",
      "203.0.113.1",
      "192.88.99.1", // 6to4 relay anycast
      "255.255.255.255",
      "fe80::1%eth0",
      "push.example",
      "",
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it("the push agent connects to no address it has not checked: a name resolving to the loopback, a private IP literal, http without the test switch", async () => {
    const local = await localService();
    const agent = createPushAgent(false);
    try {
      for (const endpoint of [
        `https://localhost:${local.port}/push`,
        `https://127.0.0.1:${local.port}/push`,
        `https://[::ffff:127.0.0.1]:${local.port}/push`,
      ]) {
        const err: unknown = await request(endpoint, {
          method: "POST",
          body: "x",
          dispatcher: agent.dispatcherFor(endpoint),
        }).then(
          () => null,
          (e: unknown) => e,
        );
        expect(err, endpoint).toBeInstanceOf(PushAddressRefusedError);
      }
      expect(() => agent.dispatcherFor(`http://127.0.0.1:${local.port}/push`)).toThrow(PushAddressRefusedError);
      expect(local.connections).toBe(0);
      // With PUSH_ALLOW_LOOPBACK_HTTP (tests), http reaches a loopback service by name: the Host
      // header keeps the name.
      const testAgent = createPushAgent(true);
      const endpoint = `http://localhost:${local.port}/push`;
      const res = await request(endpoint, { method: "POST", body: "x", dispatcher: testAgent.dispatcherFor(endpoint) });
      await res.body.dump();
      expect(res.statusCode).toBe(201);
      expect(local.connections).toBe(1);
      await testAgent.close();
    } finally {
      await agent.close();
      await local.close();
    }
  });

  it("DNS rebinding: a name that answers a public address to a check and 127.0.0.1 to the connection gets no request; the push fails and stays queued, the subscription stays", async () => {
    // A TTL-0 name: the lookup a separate check would make (dns.promises) answers a public
    // address, the socket's own lookup (dns.lookup, what net.connect uses) answers 127.0.0.1.
    // Code that resolves once and connects to that checked answer cannot be told two stories.
    const local = await localService();
    const host = `rebind-${crypto.randomBytes(4).toString("hex")}.push-test.example`;
    const publicAnswer = { address: "142.250.186.74", family: 4 };
    const loopbackAnswer = { address: "127.0.0.1", family: 4 };
    const realLookup = dns.lookup.bind(dns) as (...args: unknown[]) => void;
    const realPromisesLookup = dns.promises.lookup.bind(dns.promises);
    vi.spyOn(dns.promises, "lookup").mockImplementation(((name: string, options?: dns.LookupOptions) =>
      name === host
        ? Promise.resolve(options?.all ? [publicAnswer] : publicAnswer)
        : realPromisesLookup(name, options ?? {})) as typeof dns.promises.lookup);
    vi.spyOn(dns, "lookup").mockImplementation(((
      name: string,
      options: dns.LookupOptions | ((...args: unknown[]) => void),
      callback?: (...args: unknown[]) => void,
    ) => {
      const cb = (typeof options === "function" ? options : callback)!;
      const opts = typeof options === "function" ? {} : options;
      if (name !== host) return realLookup(name, opts, cb);
      if (opts.all) process.nextTick(cb, null, [loopbackAnswer]);
      else process.nextTick(cb, null, loopbackAnswer.address, loopbackAnswer.family);
    }) as typeof dns.lookup);
    try {
      const a = await member();
      const b = await member();
      const endpoint = `https://${host}:${local.port}/push/${crypto.randomBytes(8).toString("hex")}`;
      expect(
        await b.api.push.subscribe({ subscription: { endpoint, keys: pushService.subscribe().subscription.keys } }),
      ).toEqual({ state: "subscribed" });
      await send(a, b);
      const row = await eventually(
        () =>
          t.server.deps.db
            .selectFrom("mail_outbox")
            .select(["status", "attempts", "last_error"])
            .where("user_id", "=", b.id)
            .where("channel", "=", "push")
            .where("last_error", "is not", null)
            .executeTakeFirst(),
        { what: "the failed attempt recorded" },
      );
      expect(local.connections).toBe(0);
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
      expect(row.last_error).toContain("not a public address");
      expect(await subscriptionsOf(b)).toBe(1); // only a push service's 404/410 deletes it
    } finally {
      vi.restoreAllMocks();
      await local.close();
    }
  });
});
