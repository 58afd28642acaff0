import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.js";
import { generateDemoMembers } from "../../server/features/members/members.demo.js";
import { useTestServer } from "../support/server.js";
import { TestBrowser } from "../support/client.js";
import { appCodeOf, creditsOf, eventually, failureOf, memberFactory } from "../support/factories.js";

/**
 * Invisible mode (§4), fictional profiles (§3 fictional_icon / fictional_warning) and the rule that
 * an unconfirmed member cannot like or write (§1; issue 10 part A).
 */
const t = useTestServer();
const member = memberFactory(t, { paid: true, credits: 500 });
const send = (from: { api: { chats: { send: (i: never) => Promise<unknown> } } }, toProfileId: number) =>
  (from.api.chats.send as (i: { toProfileId: number; clientId: string; body: string }) => Promise<unknown>)({
    toProfileId,
    clientId: crypto.randomUUID(),
    body: "hello",
  });

describe("invisible mode (§4)", () => {
  it("hides the member from search and presence; others cannot like or write first", async () => {
    const shy = await member({ gender: "female", country: "IT" });
    const other = await member({ gender: "male", country: "IT" });
    expect(await shy.api.safety.setInvisible({ invisible: true })).toEqual({ invisible: true });
    expect(await shy.api.safety.settings()).toEqual({ invisible: true });

    const found = await other.api.members.search({ country: "IT", gender: "female", pageSize: 50 });
    expect(found.items.map((p) => p.id)).not.toContain(shy.id);
    expect(appCodeOf(await failureOf(other.api.members.get({ id: shy.id })))).toBe("NOT_FOUND");
    expect(appCodeOf(await failureOf(other.api.likes.like({ profileId: shy.id })))).toBe("NOT_FOUND");
    expect(appCodeOf(await failureOf(send(other, shy.id)))).toBe("NOT_FOUND");
    // Nothing was charged for the refused message.
    expect((await creditsOf(t.server.deps, other.id)).balance).toBe(500);
    // The member still sees their own profile with their activity.
    expect((await shy.api.members.get({ id: shy.id })).lastActive).not.toBeNull();
  });

  it("the invisible member may like and write first; the other may answer and like back, without seeing presence", async () => {
    const shy = await member({ gender: "female" });
    const other = await member({ gender: "male" });
    await shy.api.safety.setInvisible({ invisible: true });
    await shy.api.likes.like({ profileId: other.id });
    // The like.new event shows the invisible liker without presence.
    const likeEvent = await t.server.deps.db
      .selectFrom("member_events")
      .select("payload")
      .where("user_id", "=", other.id)
      .where("type", "=", "like.new")
      .executeTakeFirstOrThrow();
    expect((likeEvent.payload as { profile: { id: number; lastActive: string | null } }).profile).toMatchObject({
      id: shy.id,
      lastActive: null,
    });
    await send(shy, other.id);
    // Existing conversations go on: the other answers, and may like back (a match).
    await send(other, shy.id);
    expect(await other.api.likes.like({ profileId: shy.id })).toMatchObject({ liked: true, match: true });
    const chat = (await other.api.chats.list()).chats.find((c) => c.profile.id === shy.id);
    expect(chat?.profile.lastActive).toBeNull();
    const match = (await other.api.likes.list({ type: "match" })).items.find((i) => i.profile.id === shy.id);
    expect(match?.profile.lastActive).toBeNull();
    expect((await other.api.chats.withProfile({ profileId: shy.id })).profile.lastActive).toBeNull();
  });

  it("leaving invisible mode shows the member again", async () => {
    const shy = await member({ gender: "female", country: "ES" });
    const other = await member({ gender: "male", country: "ES" });
    await shy.api.safety.setInvisible({ invisible: true });
    await shy.api.safety.setInvisible({ invisible: false });
    const found = await other.api.members.search({ country: "ES", gender: "female", pageSize: 50 });
    expect(found.items.find((p) => p.id === shy.id)?.lastActive).not.toBeNull();
    expect((await other.api.members.get({ id: shy.id })).id).toBe(shy.id);
  });
});

describe("the §2 badges count what the lists show", () => {
  it("a like from a member who then goes invisible, and the unread messages of one who deletes their account, leave the counts with the lists", async () => {
    const me = await member();
    const [shy, leaving] = await Promise.all([member(), member()]);
    await shy.api.likes.like({ profileId: me.id });
    await send(leaving, me.id);
    await send(leaving, me.id);
    expect(await me.api.live.counters()).toMatchObject({ newLikes: 1, unreadMessages: 2 });

    await shy.api.safety.setInvisible({ invisible: true });
    await leaving.api.accountDeletion.delete({ reason: "price", confirm: true });

    const likes = await me.api.likes.list({ type: "received" });
    expect(likes.items.map((i) => i.profile.id)).not.toContain(shy.id);
    expect(likes.totalNew).toBe(0);
    const chats = await me.api.chats.list();
    expect(chats.chats.map((c) => c.profile.id)).not.toContain(leaving.id);
    expect(chats.totalUnread).toBe(0);
    expect(await me.api.live.counters()).toMatchObject({ newLikes: 0, unreadMessages: 0 });
    // The legacy poll (§7) says the same.
    const browser = TestBrowser.withSession(t.server, me);
    const polled = (await (await browser.fetch("/api/likes.php")).json()) as { total_new_likes: number };
    expect(polled.total_new_likes).toBe(0);
    const chatsPolled = (await (await browser.fetch("/api/chats.php")).json()) as { total_unread_messages: number };
    expect(chatsPolled.total_unread_messages).toBe(0);
  });
});

describe("unconfirmed members (§1)", () => {
  it("cannot like or write anyone, not even with the free messages; nothing is used up", async () => {
    const unconfirmed = await member({ confirmed: false, paid: false, credits: 0 });
    const target = await member();
    const before = await t.server.deps.db
      .selectFrom("users")
      .select("free_messages_left")
      .where("id", "=", unconfirmed.id)
      .executeTakeFirstOrThrow();
    expect(appCodeOf(await failureOf(unconfirmed.api.likes.like({ profileId: target.id })))).toBe(
      "EMAIL_NOT_CONFIRMED",
    );
    const err = await failureOf(send(unconfirmed, target.id));
    expect(appCodeOf(err)).toBe("EMAIL_NOT_CONFIRMED");
    const gift = await failureOf(
      unconfirmed.api.chats.sendGift({ toProfileId: target.id, clientId: crypto.randomUUID(), gift: "rose" }),
    );
    expect(appCodeOf(gift)).toBe("EMAIL_NOT_CONFIRMED");
    const after = await t.server.deps.db
      .selectFrom("users")
      .select("free_messages_left")
      .where("id", "=", unconfirmed.id)
      .executeTakeFirstOrThrow();
    expect(after.free_messages_left).toBe(before.free_messages_left);
    expect((await target.api.chats.list()).chats).toEqual([]);
    expect((await target.api.likes.list({ type: "received" })).items).toEqual([]);
  });
});

describe("fictional profiles (§3 fictional_icon, fictional_warning)", () => {
  it("carry the flag on every surface: search card, profile, chat header and list, likes, like and match events, auto-like, legacy", async () => {
    const fictional = await member({ gender: "female", country: "FR" });
    const viewer = await member({ gender: "male", country: "FR" });
    // Set by operators or the seed. A main photo, as the auto-like pick shows only members with one.
    await t.server.deps.db.updateTable("profiles").set({ fictional: true }).where("id", "=", fictional.id).execute();
    await t.server.deps.db
      .insertInto("photos")
      .values({
        profile_id: fictional.id,
        filename: `test-${crypto.randomUUID()}.webp`,
        thumb_filename: `test-${crypto.randomUUID()}.webp`,
        blurred_filename: `test-${crypto.randomUUID()}.webp`,
        is_main: true,
        status: "active",
      })
      .execute();

    const card = (await viewer.api.members.search({ country: "FR", gender: "female", pageSize: 50 })).items.find(
      (p) => p.id === fictional.id,
    );
    expect(card?.fictional).toBe(true);
    expect((await viewer.api.members.get({ id: fictional.id })).fictional).toBe(true);
    expect((await viewer.api.chats.withProfile({ profileId: fictional.id })).profile.fictional).toBe(true);

    // The like and match dialogs are fed by like.new / match.new (their profile) and the like's answer.
    await fictional.api.likes.like({ profileId: viewer.id });
    const pick = await viewer.api.likes.suggestion();
    expect(pick?.profile.id).toBe(fictional.id);
    expect(pick?.profile.fictional).toBe(true);
    const legacyPick = await (await TestBrowser.withSession(t.server, viewer).fetch("/api/auto-like.php")).json();
    expect(legacyPick.profile).toMatchObject({ id: fictional.id, fictional: true });
    await viewer.api.likes.like({ profileId: fictional.id });
    const matchEvent = await t.server.deps.db
      .selectFrom("member_events")
      .select("payload")
      .where("user_id", "=", viewer.id)
      .where("type", "=", "match.new")
      .executeTakeFirstOrThrow();
    expect((matchEvent.payload as { profile: { id: number; fictional: boolean } }).profile).toMatchObject({
      id: fictional.id,
      fictional: true,
    });
    const likes = (await viewer.api.likes.list({ type: "match" })).items.find((i) => i.profile.id === fictional.id);
    expect(likes?.profile.fictional).toBe(true);

    await send(viewer, fictional.id);
    expect((await viewer.api.chats.list()).chats.find((c) => c.profile.id === fictional.id)?.profile.fictional).toBe(
      true,
    );
    const legacy = TestBrowser.withSession(t.server, viewer);
    const chats = await (await legacy.fetch("/api/chats.php")).json();
    expect(chats.chats.find((c: { profile: { id: number } }) => c.profile.id === fictional.id).profile.fictional).toBe(
      true,
    );
    const legacyLikes = await (await legacy.fetch("/api/likes.php")).json();
    expect(legacyLikes.profiles.find((p: { id: number }) => p.id === fictional.id).fictional).toBe(true);
    // A real member is not flagged.
    expect((await fictional.api.members.get({ id: viewer.id })).fictional).toBe(false);
  });

  it("a mail about a fictional member says so (the like mail)", async () => {
    const fictional = await member({ name: "Fiona Fiction" });
    const viewer = await member();
    await t.server.deps.db.updateTable("profiles").set({ fictional: true }).where("id", "=", fictional.id).execute();
    await fictional.api.likes.like({ profileId: viewer.id });
    const mail = await eventually(() =>
      t.server.mailer.sent.find((m) => m.to.includes(viewer.email) && m.text.includes("Fiona Fiction")),
    );
    expect(mail.text).toContain("Fiona Fiction is a fictional profile");
  });

  it("the site's fictional_icon and fictional_warning reach the client with the settings", async () => {
    const viewer = await member();
    const settings = await viewer.api.site.settings();
    expect(settings).toHaveProperty("fictional_icon");
    expect(settings).toHaveProperty("fictional_warning");
  });

  it("generated demo members never look online: their last activity is at least an hour old", () => {
    const now = new Date();
    for (const m of generateDemoMembers(200, now)) {
      expect(now.getTime() - m.profile.last_active.getTime()).toBeGreaterThanOrEqual(3_600_000);
    }
  });

  it("SEED_DEMO defaults to true on the embedded default and to false with DATABASE_URL", () => {
    expect(loadConfig({}).SEED_DEMO).toBe(true);
    expect(loadConfig({ DATABASE_URL: "postgres://u@127.0.0.1:5432/db" }).SEED_DEMO).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgres://u@127.0.0.1:5432/db", SEED_DEMO: "true" }).SEED_DEMO).toBe(true);
    expect(loadConfig({ SEED_DEMO: "false" }).SEED_DEMO).toBe(false);
    // In production, demo accounts (their password is in the README) only when asked for.
    const production = { NODE_ENV: "production", PAYMENT_PROVIDER: "simulated" };
    expect(loadConfig(production).SEED_DEMO).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: "true" }).SEED_DEMO).toBe(true);
  });

  it("production refuses the tests' loopback push endpoints; cookies are Secure when every public origin is https", () => {
    const production = { NODE_ENV: "production", PAYMENT_PROVIDER: "simulated" };
    expect(() => loadConfig({ ...production, PUSH_ALLOW_LOOPBACK_HTTP: "true" })).toThrow(/PUSH_ALLOW_LOOPBACK_HTTP/);
    expect(loadConfig({ PUSH_ALLOW_LOOPBACK_HTTP: "true" }).PUSH_ALLOW_LOOPBACK_HTTP).toBe(true);
    expect(loadConfig({ PUBLIC_ORIGIN: "https://amora.example,https://www.amora.example" }).COOKIE_SECURE).toBe(true);
    expect(loadConfig({ PUBLIC_ORIGIN: "https://amora.example,http://localhost:3000" }).COOKIE_SECURE).toBe(false);
    expect(loadConfig({}).COOKIE_SECURE).toBe(false);
    expect(loadConfig({ PUBLIC_ORIGIN: "https://amora.example", COOKIE_SECURE: "false" }).COOKIE_SECURE).toBe(false);
  });
});
