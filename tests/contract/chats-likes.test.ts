import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/server.js";
import { TestBrowser } from "../support/client.js";
import { createMember } from "../support/factories.js";
import { call, legacyLogin, visitor } from "./support/legacy.js";
import { addMainPhoto } from "./support/members.js";

const t = useTestServer();

async function send(from: TestBrowser, toProfileId: number, body: string) {
  return from.trpc.chats.send.mutate({ toProfileId, clientId: crypto.randomUUID(), body });
}

describe("GET /api/chats.php", () => {
  it("shows a message sent over tRPC in the next poll, with the unread count", async () => {
    const alice = await createMember(t.server.deps, { gender: "female" });
    const bob = await createMember(t.server.deps, { gender: "male" });
    const bobLegacy = await legacyLogin(t.server, bob);

    const before = await call(bobLegacy, "GET", "/api/chats.php");
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ chats: [], total_unread_messages: 0 });

    const aliceApp = await TestBrowser.loggedIn(t.server, alice);
    const sent = await send(aliceApp, bob.id, "Hello from the live app");
    await send(aliceApp, bob.id, "Second one");

    const after = await call(bobLegacy, "GET", "/api/chats.php");
    // A conditional poll (issue 13): revalidated every time, never shared, with its ETag.
    expect(after.headers.get("cache-control")).toBe("private, no-cache");
    expect(after.headers.get("etag")).toMatch(/^W\/"/);
    expect(after.body.total_unread_messages).toBe(2);
    expect(after.body.chats).toHaveLength(1);
    expect(after.body.chats[0]).toMatchObject({
      conversation: { id: sent.message.conversationId },
      profile: { id: alice.id, name: alice.name },
      num_unread_messages: 2,
      last_message: { body: "Second one", from_me: false },
    });

    // Reading it in the app clears the unread count the next poll shows.
    const bobApp = await TestBrowser.loggedIn(t.server, bob);
    await bobApp.trpc.chats.markRead.mutate({ conversationId: sent.message.conversationId });
    const read = await call(bobLegacy, "GET", "/api/chats.php");
    expect(read.body.total_unread_messages).toBe(0);
    expect(read.body.chats[0].num_unread_messages).toBe(0);
  });

  it("answers 403 authentication_required without a member", async () => {
    const r = await call(visitor(t.server), "GET", "/api/chats.php");
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("authentication_required");
  });
});

describe("DELETE /api/chat.php", () => {
  async function conversationBetween() {
    const a = await createMember(t.server.deps);
    const b = await createMember(t.server.deps);
    const sent = await send(await TestBrowser.loggedIn(t.server, a), b.id, "hi");
    return { a, b, conversationId: sent.message.conversationId };
  }

  it("removes the chat from the member's list (JSON body), as the app's remove does", async () => {
    const { b, conversationId } = await conversationBetween();
    const legacy = await legacyLogin(t.server, b);
    const r = await call(legacy, "DELETE", "/api/chat.php", { json: { conversation: conversationId } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: true });
    expect((await call(legacy, "GET", "/api/chats.php")).body.chats).toEqual([]);
    expect((await (await TestBrowser.loggedIn(t.server, b)).trpc.chats.list.query()).chats).toEqual([]);
  });

  it("takes the id as { id } or in the query", async () => {
    const one = await conversationBetween();
    const l1 = await legacyLogin(t.server, one.a);
    expect(
      (await call(l1, "DELETE", "/api/chat.php", { json: { conversation: { id: one.conversationId } } })).status,
    ).toBe(200);
    const two = await conversationBetween();
    const l2 = await legacyLogin(t.server, two.a);
    expect(
      (await call(l2, "DELETE", "/api/chat.php", { query: { conversation: String(two.conversationId) } })).status,
    ).toBe(200);
  });

  it("answers 404 for another member's conversation and changes nothing", async () => {
    const { a, b, conversationId } = await conversationBetween();
    const stranger = await createMember(t.server.deps);
    const r = await call(await legacyLogin(t.server, stranger), "DELETE", "/api/chat.php", {
      json: { conversation: conversationId },
    });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: "not_found", message: "This conversation could not be found." });
    for (const m of [a, b])
      expect((await call(await legacyLogin(t.server, m), "GET", "/api/chats.php")).body.chats).toHaveLength(1);
  });

  it.each([
    ["no id", {}],
    ["a string", { conversation: "abc" }],
    ["a negative id", { conversation: -4 }],
    ["a huge id", { conversation: 2 ** 40 }],
  ])("answers 400 for %s", async (_label, json) => {
    const m = await createMember(t.server.deps);
    const r = await call(await legacyLogin(t.server, m), "DELETE", "/api/chat.php", { json });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("validation");
  });

  it("answers 404 for an unknown id, and 403 without a member", async () => {
    const m = await createMember(t.server.deps);
    expect(
      (await call(await legacyLogin(t.server, m), "DELETE", "/api/chat.php", { json: { conversation: 2_000_000_000 } }))
        .status,
    ).toBe(404);
    const anon = await call(visitor(t.server), "DELETE", "/api/chat.php", { json: { conversation: 1 } });
    expect(anon.status).toBe(403);
    expect(anon.body.error).toBe("authentication_required");
  });
});

describe("GET /api/likes.php", () => {
  it("lists likes sent (profiles) and received (liked_by, with like_new) and the new-like total", async () => {
    const me = await createMember(t.server.deps);
    const fan = await createMember(t.server.deps);
    const crush = await createMember(t.server.deps);
    await (await TestBrowser.loggedIn(t.server, fan)).trpc.likes.like.mutate({ profileId: me.id });
    const myApp = await TestBrowser.loggedIn(t.server, me);
    await myApp.trpc.likes.like.mutate({ profileId: crush.id });

    const legacy = await legacyLogin(t.server, me);
    const r = await call(legacy, "GET", "/api/likes.php");
    expect(r.status).toBe(200);
    expect(r.body.total_new_likes).toBe(1);
    expect(r.body.profiles.map((p: { id: number }) => p.id)).toEqual([crush.id]);
    expect(r.body.liked_by).toEqual([expect.objectContaining({ id: fan.id, like_new: true, mutual: false })]);

    // Opening the fan's profile in the app clears like_new (§4).
    await myApp.trpc.likes.markSeen.mutate({ profileId: fan.id });
    const seen = await call(legacy, "GET", "/api/likes.php");
    expect(seen.body.total_new_likes).toBe(0);
    expect(seen.body.liked_by[0].like_new).toBe(false);
  });

  it("answers 403 without a member", async () => {
    const r = await call(visitor(t.server), "GET", "/api/likes.php");
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("authentication_required");
  });
});

describe("GET /api/auto-like.php", () => {
  it("shows the newest unseen like first, else a suggestion of the other gender not yet liked, and changes nothing", async () => {
    const me = await createMember(t.server.deps, { gender: "male" });
    const legacy = await legacyLogin(t.server, me);
    const none = await call(legacy, "GET", "/api/auto-like.php");
    expect(none.status).toBe(200);

    const her = await createMember(t.server.deps, { gender: "female" });
    await addMainPhoto(t.server.deps, her.id);
    const suggestion = await call(legacy, "GET", "/api/auto-like.php");
    expect(suggestion.body.profile).toMatchObject({ id: her.id, like_new: false, main_image: { status: "active" } });

    const fan = await createMember(t.server.deps, { gender: "female" });
    const photo = await addMainPhoto(t.server.deps, fan.id);
    await (await TestBrowser.loggedIn(t.server, fan)).trpc.likes.like.mutate({ profileId: me.id });
    const newLike = await call(legacy, "GET", "/api/auto-like.php");
    expect(newLike.body.profile).toEqual({
      id: fan.id,
      name: fan.name,
      like_new: true,
      fictional: false,
      main_image: expect.objectContaining({ filename: photo }),
    });

    // Read only: no like was made by the call.
    const likes = await t.server.deps.db.selectFrom("likes").selectAll().where("liker_id", "=", me.id).execute();
    expect(likes).toEqual([]);
  });

  it("answers 403 without a member", async () => {
    const r = await call(visitor(t.server), "GET", "/api/auto-like.php");
    expect(r.status).toBe(403);
  });
});

describe("GET /api/discountcode.php", () => {
  it("gives a new free member the welcome code TIMEBONUS25: 25 %, once per user, 4 hours from signup", async () => {
    const m = await createMember(t.server.deps);
    const r = await call(await legacyLogin(t.server, m), "GET", "/api/discountcode.php", {
      query: { welcome: "true", utm_source: "x" },
    });
    expect(r.status).toBe(200);
    const code = r.body.discountcode;
    expect(code).toMatchObject({
      code: "TIMEBONUS25",
      value_percentage: 25,
      validity: "once_per_user",
      status: "active",
      expired: false,
      user_id: m.id,
    });
    const user = (await call(await legacyLogin(t.server, m), "GET", "/api/user.php")).body.user;
    expect(Date.parse(code.expires) - Date.parse(user.signup_date)).toBe(14_400_000);
  });

  it("marks the welcome code expired after 4 hours", async () => {
    const m = await createMember(t.server.deps);
    await t.server.deps.db
      .updateTable("users")
      .set({ signup_date: new Date(Date.now() - 14_401_000) })
      .where("id", "=", m.id)
      .execute();
    const r = await call(await legacyLogin(t.server, m), "GET", "/api/discountcode.php", {
      query: { code: "timebonus25" },
    });
    expect(r.status).toBe(200);
    expect(r.body.discountcode.expired).toBe(true);
  });

  it("answers 'Code already used' (409) once the member has bought, 'Code not found' (404) for an unknown code", async () => {
    const paid = await createMember(t.server.deps, { paid: true });
    const used = await call(await legacyLogin(t.server, paid), "GET", "/api/discountcode.php", {
      query: { welcome: "true" },
    });
    expect(used.status).toBe(409);
    expect(used.body).toEqual({ error: "code_already_used", message: "Code already used" });
    const m = await createMember(t.server.deps);
    const unknown = await call(await legacyLogin(t.server, m), "GET", "/api/discountcode.php", {
      query: { code: "NOPE2026" },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: "code_not_found", message: "Code not found" });
  });

  it("answers 400 without a code, and 403 without a member", async () => {
    const m = await createMember(t.server.deps);
    const bad = await call(await legacyLogin(t.server, m), "GET", "/api/discountcode.php", {
      query: { welcome: "maybe" },
    });
    expect(bad.status).toBe(400);
    expect((await call(await legacyLogin(t.server, m), "GET", "/api/discountcode.php")).status).toBe(400);
    const anon = await call(visitor(t.server), "GET", "/api/discountcode.php", { query: { welcome: "true" } });
    expect(anon.status).toBe(403);
    expect(anon.body.error).toBe("authentication_required");
  });
});

describe("POST /api/page-hidden.php", () => {
  async function lastActive(id: number) {
    const r = await t.server.deps.db
      .selectFrom("profiles")
      .select("last_active")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return new Date(r.last_active).getTime();
  }

  it("records when the member was last active, from a JSON or a text/plain beacon", async () => {
    const m = await createMember(t.server.deps);
    const b = await legacyLogin(t.server, m);
    await t.server.deps.db
      .updateTable("profiles")
      .set({ last_active: new Date(Date.now() - 3_600_000) })
      .where("id", "=", m.id)
      .execute();
    const r = await call(b, "POST", "/api/page-hidden.php", { json: {} });
    expect(r.status).toBe(204);
    expect(await lastActive(m.id)).toBeGreaterThan(Date.now() - 60_000);
    const text = await call(b, "POST", "/api/page-hidden.php", {
      raw: { body: "{}", contentType: "text/plain;charset=UTF-8" },
    });
    expect(text.status).toBe(204);
  });

  it("answers 403 without a member, and refuses a beacon from another site", async () => {
    const anon = await call(visitor(t.server), "POST", "/api/page-hidden.php", { json: {} });
    expect(anon.status).toBe(403);
    expect(anon.body.error).toBe("authentication_required");
    const m = await createMember(t.server.deps);
    const foreign = await call(await legacyLogin(t.server, m), "POST", "/api/page-hidden.php", {
      json: {},
      headers: { origin: "https://elsewhere.example" },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toBe("origin_not_allowed");
  });
});
