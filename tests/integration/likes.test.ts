import { afterEach, describe, expect, it } from "vitest";
import { useTestServer } from "../support/server.js";
import { TestBrowser, collectLiveEvents, lastEventIdOf } from "../support/client.js";
import { appCodeOf, countRows, eventually, failureOf, memberFactory } from "../support/factories.js";

const t = useTestServer();
const browsers: TestBrowser[] = [];
afterEach(async () => {
  await Promise.all(browsers.splice(0).map((b) => b.closeSockets()));
});

const member = memberFactory(t);

/** The member's live.events over a real WebSocket, from now on. */
async function liveStreamOf(m: { id: number; sessionToken: string }) {
  const browser = TestBrowser.withSession(t.server, m);
  browsers.push(browser);
  return collectLiveEvents(browser.openSocket().client, await lastEventIdOf(t.server, m.id));
}

const DAILY_LIKES_TEXT = "You can give out 4 Likes per day. Tomorrow you may give another 4! Please wait: "; // §8

describe("like and unlike (§4)", () => {
  it("a like shows in the sender's sent list and the receiver's received list; unlike takes it back", async () => {
    const a = await member();
    const b = await member();
    const r = await a.api.likes.like({ profileId: b.id });
    expect(r).toEqual({ liked: true, match: false, likesLeftToday: 3 });
    expect(await a.api.likes.status({ profileId: b.id })).toEqual({ liked: true, likedMe: false, match: false });
    expect(await b.api.likes.status({ profileId: a.id })).toEqual({ liked: false, likedMe: true, match: false });
    expect((await a.api.likes.list({ type: "sent" })).items.map((i) => i.profile.id)).toEqual([b.id]);
    const received = await b.api.likes.list({ type: "received" });
    expect(received.items.map((i) => [i.profile.id, i.isNew])).toEqual([[a.id, true]]);
    expect(received.totalNew).toBe(1);
    expect(await b.api.live.counters()).toMatchObject({ newLikes: 1 });

    // Liking again changes nothing and takes nothing from the quota.
    expect(await a.api.likes.like({ profileId: b.id })).toMatchObject({ liked: true, likesLeftToday: 3 });

    expect(await a.api.likes.unlike({ profileId: b.id })).toEqual({ liked: false });
    expect(await a.api.likes.status({ profileId: b.id })).toMatchObject({ liked: false });
    expect((await b.api.likes.list({ type: "received" })).items).toEqual([]);
    expect(await b.api.live.counters()).toMatchObject({ newLikes: 0 });
  });

  it("a member cannot like themselves", async () => {
    const a = await member();
    expect(appCodeOf(await failureOf(a.api.likes.like({ profileId: a.id })))).toBe("CANNOT_LIKE_SELF");
  });

  it("a visitor cannot like (403 authentication_required)", async () => {
    const b = await member();
    const err = await failureOf(new TestBrowser(t.server).trpc.likes.like.mutate({ profileId: b.id }));
    expect(appCodeOf(err)).toBe("AUTHENTICATION_REQUIRED");
  });
});

describe("matches (§4: a mutual like)", () => {
  it("the second like of a pair is a match: both members get match.new on their live stream", async () => {
    const a = await member();
    const b = await member();
    const aLive = await liveStreamOf(a);
    const bLive = await liveStreamOf(b);
    await Promise.all([aLive.waitStarted(), bLive.waitStarted()]);

    expect((await a.api.likes.like({ profileId: b.id })).match).toBe(false);
    await bLive.waitFor((e) => e.data.type === "like.new", "like.new for b");
    expect(bLive.events.find((e) => e.data.type === "like.new")!.data.profile).toMatchObject({
      id: a.id,
      name: a.name,
    });

    expect((await b.api.likes.like({ profileId: a.id })).match).toBe(true);
    await aLive.waitFor((e) => e.data.type === "match.new", "match.new for a");
    await bLive.waitFor((e) => e.data.type === "match.new", "match.new for b");
    expect(aLive.events.find((e) => e.data.type === "match.new")!.data.profile).toMatchObject({ id: b.id });
    expect(bLive.events.find((e) => e.data.type === "match.new")!.data.profile).toMatchObject({ id: a.id });
    // a liked first: a got no like.new, only the match.
    expect(aLive.events.map((e) => e.data.type)).toEqual(["match.new"]);
    expect(bLive.events.map((e) => e.data.type)).toEqual(["like.new", "match.new"]);

    expect((await a.api.likes.list({ type: "match" })).items.map((i) => i.profile.id)).toEqual([b.id]);
    expect((await b.api.likes.list({ type: "match" })).items.map((i) => i.profile.id)).toEqual([a.id]);
    expect(await a.api.likes.status({ profileId: b.id })).toEqual({ liked: true, likedMe: true, match: true });
  });

  it("unliking ends the match", async () => {
    const a = await member();
    const b = await member();
    await a.api.likes.like({ profileId: b.id });
    await b.api.likes.like({ profileId: a.id });
    await a.api.likes.unlike({ profileId: b.id });
    expect((await a.api.likes.list({ type: "match" })).items).toEqual([]);
    expect((await b.api.likes.list({ type: "match" })).items).toEqual([]);
  });
});

describe("received likes: new first; opening a profile clears its flag (§4)", () => {
  it("orders new likes first, newest first, and markSeen clears one flag", async () => {
    const b = await member();
    const [c, d, e] = [await member(), await member(), await member()];
    await c.api.likes.like({ profileId: b.id });
    await d.api.likes.like({ profileId: b.id });
    await e.api.likes.like({ profileId: b.id });
    let received = await b.api.likes.list({ type: "received" });
    expect(received.items.map((i) => i.profile.id)).toEqual([e.id, d.id, c.id]);
    expect(received.totalNew).toBe(3);

    await b.api.likes.markSeen({ profileId: e.id });
    received = await b.api.likes.list({ type: "received" });
    expect(received.items.map((i) => [i.profile.id, i.isNew])).toEqual([
      [d.id, true],
      [c.id, true],
      [e.id, false],
    ]);
    expect(received.totalNew).toBe(2);
    expect(await b.api.live.counters()).toMatchObject({ newLikes: 2 });

    // Seen again, or a profile that never liked: nothing changes.
    await b.api.likes.markSeen({ profileId: e.id });
    await b.api.likes.markSeen({ profileId: (await member()).id });
    expect((await b.api.likes.list({ type: "received" })).totalNew).toBe(2);
  });
});

describe("daily likes (§8, §9: 4 a day for free members)", () => {
  it("the 5th like of the day is DAILY_LIKES_EXHAUSTED with the §8 text, and is not stored", async () => {
    const a = await member();
    const targets = await Promise.all(Array.from({ length: 5 }, () => member()));
    for (let i = 0; i < 4; i++)
      expect((await a.api.likes.like({ profileId: targets[i]!.id })).likesLeftToday).toBe(3 - i);
    const likesBefore = await countRows(t.server.deps, "likes");

    // Over HTTP, as the profile page sees it.
    const err = await failureOf(
      TestBrowser.withSession(t.server, a).trpc.likes.like.mutate({ profileId: targets[4]!.id }),
    );
    expect(appCodeOf(err)).toBe("DAILY_LIKES_EXHAUSTED");
    expect(err.message).toBe(DAILY_LIKES_TEXT);
    expect((err.data as { httpStatus: number }).httpStatus).toBe(429);
    const details = (err.data as { details: { limit: number; secondsUntilReset: number } }).details;
    expect(details.limit).toBe(4);
    expect(details.secondsUntilReset).toBeGreaterThan(0);
    expect(details.secondsUntilReset).toBeLessThanOrEqual(24 * 60 * 60);
    // Its Retry-After says when the day's likes come back (no later than the details said).
    const again = await TestBrowser.withSession(t.server, a).fetch("/trpc/likes.like", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ profileId: targets[4]!.id }),
    });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(again.headers.get("retry-after"))).toBeLessThanOrEqual(details.secondsUntilReset + 1);

    expect(await countRows(t.server.deps, "likes")).toBe(likesBefore);
    expect(await targets[4]!.api.likes.status({ profileId: a.id })).toMatchObject({ likedMe: false });
  });

  it("unlike does not give a like back for the day", async () => {
    const a = await member();
    const targets = await Promise.all(Array.from({ length: 5 }, () => member()));
    for (let i = 0; i < 4; i++) await a.api.likes.like({ profileId: targets[i]!.id });
    await a.api.likes.unlike({ profileId: targets[0]!.id });
    expect(appCodeOf(await failureOf(a.api.likes.like({ profileId: targets[4]!.id })))).toBe("DAILY_LIKES_EXHAUSTED");
  });

  it("a premium member has no daily limit", async () => {
    const p = await member({ paid: true });
    for (let i = 0; i < 7; i++) {
      const r = await p.api.likes.like({ profileId: (await member()).id });
      expect(r).toEqual({ liked: true, match: false, likesLeftToday: null });
    }
    expect((await p.api.likes.list({ type: "sent" })).items).toHaveLength(7);
  });
});

describe("a like given again after an unlike (review of 2026-11-27 §3: no mail flood)", () => {
  /** The mails the member got after the `from`-th mail of the server, once the outbox has sent all of theirs: subjects. */
  async function mailsReceivedBy(m: { id: number; email: string }, from: number): Promise<string[]> {
    const db = t.server.deps.db;
    await eventually(
      async () =>
        (
          await db
            .selectFrom("mail_outbox")
            .select("id")
            .where("user_id", "=", m.id)
            .where("status", "=", "pending")
            .execute()
        ).length === 0,
      { what: `the outbox of member ${m.id} to be sent` },
    );
    return t.server.mailer.sent
      .slice(from)
      .filter((mail) => mail.to === m.email)
      .map((mail) => mail.subject);
  }

  it("a like/unlike loop mails the liked member once; a match is mailed once per pair, whoever makes it again", async () => {
    const a = await member({ paid: true, name: "Looping Liker" });
    const b = await member({ paid: true, name: "Liked Member" });
    const from = t.server.mailer.sent.length; // after the activation mails
    for (let i = 0; i < 5; i++) {
      await a.api.likes.like({ profileId: b.id });
      await a.api.likes.unlike({ profileId: b.id });
    }
    await a.api.likes.like({ profileId: b.id });
    // The like is there as any like (§4: received, new first), only not mailed again.
    expect((await b.api.likes.list({ type: "received" })).items.map((i) => [i.profile.id, i.isNew])).toEqual([
      [a.id, true],
    ]);

    // b likes back: a match, mailed to a (who liked first). Then each of them unlikes and likes again.
    expect((await b.api.likes.like({ profileId: a.id })).match).toBe(true);
    for (const [me, other] of [
      [b, a],
      [a, b],
      [b, a],
    ] as const) {
      await me.api.likes.unlike({ profileId: other.id });
      expect((await me.api.likes.like({ profileId: other.id })).match).toBe(true);
    }

    expect(await mailsReceivedBy(b, from)).toEqual(["Looping Liker likes you on Amora"]);
    expect(await mailsReceivedBy(a, from)).toEqual(["It's a match with Liked Member on Amora"]);
  });
});
