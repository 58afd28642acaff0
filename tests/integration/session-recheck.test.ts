import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, useTestServer, type TestServer } from "../support/server.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { TestBrowser } from "../support/client.js";
import crypto from "node:crypto";
import { appCodeOf, createMember, creditsOf, eventually, failureOf } from "../support/factories.js";
import { startOwnRedis, type OwnRedis } from "../support/own-redis.js";
import { sweepEndedSessions } from "../../server/features/accounts/sessions.service.js";

/**
 * A WebSocket is bound to a session the database decides about (ARCHITECTURE "Real time"): the bus
 * message that closes a logged-out member's sockets is only a hint; a lost one must not keep the
 * socket answering as that member.
 */
describe("a WebSocket's session is re-checked on every call", () => {
  const t = useTestServer();

  it("after the session ends without any bus message, the open socket answers as a visitor and the sweep closes it", async () => {
    const m = await createMember(t.server.deps);
    const browser = TestBrowser.withSession(t.server, m);
    const closes: Array<number | undefined> = [];
    const socket = browser.openSocket({ onClose: (code) => closes.push(code) });
    expect((await socket.client.accounts.me.query())?.id).toBe(m.id);

    // The session ends as a logout on another instance whose bus message was lost would leave it.
    await t.server.deps.db.deleteFrom("sessions").execute();

    expect(await socket.client.accounts.me.query()).toBeNull();
    const refused = await failureOf(socket.client.chats.list.query());
    expect(appCodeOf(refused)).toBe("AUTHENTICATION_REQUIRED");

    expect(await sweepEndedSessions(t.server.deps)).toBe(1);
    await eventually(() => closes.includes(4001), { what: "the socket closed with 4001" });
    await browser.closeSockets();
  });
});

/**
 * chats.send and chats.sendGift re-check the session in the send's own statement (chat_send_checked,
 * issue 12) instead of a look-up before it: the same refusal, with nothing sent or charged, for a
 * message the statement sends (a premium member in a conversation), one it leaves to the general
 * transaction (a free member's free message) and a gift.
 */
describe("a message on a WebSocket whose session ended", () => {
  const t = useTestServer();

  async function endedSocket(opts: { paid?: boolean; credits?: number }) {
    const deps = t.server.deps;
    const sender = await createMember(deps, opts);
    const recipient = await createMember(deps);
    const browser = TestBrowser.withSession(t.server, sender);
    const socket = browser.openSocket();
    const sendOnSocket = (body: string) =>
      socket.client.chats.send.mutate({ toProfileId: recipient.id, clientId: crypto.randomUUID(), body });
    expect((await sendOnSocket("hi")).message.seq).toBe(1);
    await deps.db.deleteFrom("sessions").where("user_id", "=", sender.id).execute(); // no bus message
    const messages = async () =>
      (await deps.db.selectFrom("messages").select("id").where("sender_id", "=", sender.id).execute()).length;
    return { deps, sender, recipient, browser, socket, sendOnSocket, messages };
  }

  it("a premium member's message and gift (the statement's case): refused as a visitor, nothing sent or charged", async () => {
    const { deps, sender, recipient, browser, socket, sendOnSocket, messages } = await endedSocket({
      paid: true,
      credits: 100,
    });
    const before = await creditsOf(deps, sender.id);
    expect(appCodeOf(await failureOf(sendOnSocket("still here?")))).toBe("AUTHENTICATION_REQUIRED");
    const gift = await failureOf(
      socket.client.chats.sendGift.mutate({ toProfileId: recipient.id, clientId: crypto.randomUUID(), gift: "rose" }),
    );
    expect(appCodeOf(gift)).toBe("AUTHENTICATION_REQUIRED");
    expect(await creditsOf(deps, sender.id)).toEqual(before);
    expect(await messages()).toBe(1);
    await browser.closeSockets();
  });

  it("a free member's free message (the general transaction's case): refused, the allowance untouched", async () => {
    const { deps, sender, browser, sendOnSocket, messages } = await endedSocket({});
    const freeLeft = async () =>
      (
        await deps.db
          .selectFrom("users")
          .select("free_messages_left")
          .where("id", "=", sender.id)
          .executeTakeFirstOrThrow()
      ).free_messages_left;
    const before = await freeLeft();
    expect(appCodeOf(await failureOf(sendOnSocket("still here?")))).toBe("AUTHENTICATION_REQUIRED");
    expect(await freeLeft()).toBe(before);
    expect(await messages()).toBe(1);
    await browser.closeSockets();
  });
});

describe.runIf(process.env.TEST_REDIS_URL)("logout while the bus (Redis) is down", () => {
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

  it("succeeds, and the open socket no longer answers as the member", async () => {
    const m = await createMember(server.deps);
    const browser = TestBrowser.withSession(server, m);
    const socket = browser.openSocket();
    expect((await socket.client.accounts.me.query())?.id).toBe(m.id);
    const other = TestBrowser.withSession(server, m);
    const otherSocket = other.openSocket();
    expect((await otherSocket.client.accounts.me.query())?.id).toBe(m.id);

    await redis.stop();
    await browser.trpc.accounts.logout.mutate();
    expect(await browser.trpc.accounts.me.query()).toBeNull();
    // The same session on another connection (closed by the logout and reopened by the client, or
    // still open): refused as a visitor, with or without the bus. Never answered as the member.
    const refusedAsVisitor = async () =>
      appCodeOf(await failureOf(otherSocket.client.chats.list.query())) === "AUTHENTICATION_REQUIRED";
    await eventually(refusedAsVisitor, { what: "the other connection to be refused" });

    await redis.start();
    await eventually(refusedAsVisitor, { what: "the other connection to stay refused" });
    await browser.closeSockets();
    await other.closeSockets();
  });
});

/**
 * The live stream is a WebSocket's only (ARCHITECTURE "Real time"): tRPC would also serve it over
 * HTTP as server-sent events, a stream nothing closes when its session ends (security review,
 * 2026-11-27: messages kept arriving on it after the member logged out).
 */
describe("the live stream over HTTP", () => {
  const t = useTestServer();

  it("is refused (405): no event stream opens, logged in or not, alone or in a batch", async () => {
    const m = await createMember(t.server.deps);
    const input = encodeURIComponent("{}");
    for (const cookie of [`auth=${m.sessionToken}`, ""])
      for (const path of [`live.events?input=${input}`, `accounts.me,live.events?batch=1&input=${input}`]) {
        const res = await fetch(`${t.server.url}/trpc/${path}`, {
          headers: { cookie, accept: "text/event-stream" },
          signal: AbortSignal.timeout(10_000),
        });
        const body = await res.text();
        expect(res.status, path).toBe(405);
        expect(res.headers.get("content-type") ?? "").not.toContain("text/event-stream");
        expect(body).not.toContain("data:");
      }
    // The member's stream on a WebSocket is unchanged.
    const browser = TestBrowser.withSession(t.server, m);
    const socket = browser.openSocket();
    const started = new Promise<void>((resolve, reject) => {
      socket.client.live.events.subscribe({}, { onStarted: () => resolve(), onError: reject });
    });
    await started;
    await browser.closeSockets();
  });
});
