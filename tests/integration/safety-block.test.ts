import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { appRouter } from "../../server/router.js";
import { useTestServer } from "../support/server.js";
import { uploadPhoto } from "../support/photos.js";
import { TestBrowser, collectLiveEvents, lastEventIdOf } from "../support/client.js";
import { appCodeOf, creditsOf, failureOf, memberFactory, type MemberWithApi } from "../support/factories.js";
import { addPhoto } from "../support/payments.js";
import { grantOperator } from "../../server/features/moderation/moderation.service.js";

/**
 * Blocking (§4, §6, §8; issue 10 part A): a block deletes the chats and likes between the two,
 * hides them from each other everywhere (every procedure and legacy endpoint that takes another
 * member), stops likes, messages and gifts (nothing charged), and both members' tabs hear it live.
 */
const t = useTestServer();
const member = memberFactory(t, { paid: true, credits: 500 });

const browsers: TestBrowser[] = [];
afterEach(async () => {
  await Promise.all(browsers.splice(0).map((b) => b.closeSockets()));
});

/** A blocker `a` and a blocked `b` (opposite genders, a country of their own), who chatted and liked each other. */
async function blockedPair(country = "PL") {
  const a = await member({ gender: "female", country });
  const b = await member({ gender: "male", country });
  await a.api.chats.send({ toProfileId: b.id, clientId: crypto.randomUUID(), body: "hello" });
  const reply = await b.api.chats.send({ toProfileId: a.id, clientId: crypto.randomUUID(), body: "hi back" });
  await a.api.likes.like({ profileId: b.id });
  await b.api.likes.like({ profileId: a.id });
  // A private photo of each, to try unlocking (rows only: nothing here serves the files).
  const photoOf = async (m: MemberWithApi) =>
    (
      await t.server.deps.db
        .insertInto("photos")
        .values({
          profile_id: m.id,
          filename: `test-${crypto.randomUUID()}.webp`,
          thumb_filename: `test-${crypto.randomUUID()}.webp`,
          blurred_filename: `test-${crypto.randomUUID()}.webp`,
          is_private: true,
          status: "active",
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const photos = new Map([
    [a.id, await photoOf(a)],
    [b.id, await photoOf(b)],
  ]);
  return { a, b, conversationId: reply.message.conversationId, photos };
}

async function liveStreamOf(m: { id: number; sessionToken: string }) {
  const browser = TestBrowser.withSession(t.server, m);
  browsers.push(browser);
  // From the member's newest event id: the block's events come after it, whenever the socket opens.
  return collectLiveEvents(browser.openSocket().client, await lastEventIdOf(t.server, m.id));
}

async function expectCode(p: Promise<unknown>, code: string) {
  expect(appCodeOf(await failureOf(p))).toBe(code);
}

/** What each check gets: `me` acts, `other` is the member on the other side of the block. */
interface Side {
  me: MemberWithApi;
  other: MemberWithApi;
  conversationId: number;
  otherPhotoId: number;
}

/**
 * Every procedure that takes another member (by profile, photo or conversation), with what a block
 * must do to it, checked from both sides. A procedure added to the router fails the sweep until it
 * is put here or on one of the lists below.
 */
const BLOCK_CHECKS: Record<string, (s: Side) => Promise<void>> = {
  "members.get": async ({ me, other }) => {
    const err = await failureOf(me.api.members.get({ id: other.id }));
    expect(appCodeOf(err)).toBe("BLOCKED");
  },
  "members.search": async ({ me, other }) => {
    const found = await me.api.members.search({ country: "PL", pageSize: 50 });
    expect(found.items.map((p) => p.id)).not.toContain(other.id);
  },
  "members.related": async ({ me, other }) => {
    // The blocked member's page is closed, and the other never shows among related profiles.
    const err = await failureOf(me.api.members.related({ id: other.id }));
    expect(["BLOCKED", "NOT_FOUND"]).toContain(appCodeOf(err));
    const own = await me.api.members.related({ id: me.id }).catch(() => ({ items: [] as { id: number }[] }));
    expect(own.items.map((p) => p.id)).not.toContain(other.id);
  },
  "members.unlockPhoto": async ({ me, other, otherPhotoId }) => {
    const before = (await creditsOf(t.server.deps, me.id)).balance;
    await setPremiumOff(me);
    await expectCode(me.api.members.unlockPhoto({ photoId: otherPhotoId }), "BLOCKED");
    expect((await creditsOf(t.server.deps, me.id)).balance).toBe(before);
    await setPremiumOn(me);
    void other;
  },
  "chats.list": async ({ me, other }) => {
    expect((await me.api.chats.list()).chats.map((c) => c.profile.id)).not.toContain(other.id);
  },
  "chats.withProfile": async ({ me, other }) => {
    await expectCode(me.api.chats.withProfile({ profileId: other.id }), "BLOCKED");
  },
  "chats.conversation": async ({ me, conversationId }) => {
    await expectCode(me.api.chats.conversation({ conversationId }), "NOT_FOUND");
  },
  "chats.markRead": async ({ me, conversationId }) => {
    // Nothing to mark: the conversation is gone (a no-op or NOT_FOUND, never an error that tells more).
    await me.api.chats.markRead({ conversationId }).catch((err) => expect(appCodeOf(err)).toBe("NOT_FOUND"));
  },
  "chats.send": async ({ me, other }) => {
    const before = await creditsOf(t.server.deps, me.id);
    const err = await failureOf(
      me.api.chats.send({ toProfileId: other.id, clientId: crypto.randomUUID(), body: "hi" }),
    );
    expect(appCodeOf(err)).toBe("BLOCKED");
    expect(await creditsOf(t.server.deps, me.id)).toEqual(before);
  },
  "chats.sendGift": async ({ me, other }) => {
    const before = await creditsOf(t.server.deps, me.id);
    await expectCode(
      me.api.chats.sendGift({ toProfileId: other.id, clientId: crypto.randomUUID(), gift: "rose" }),
      "BLOCKED",
    );
    expect(await creditsOf(t.server.deps, me.id)).toEqual(before);
  },
  "chats.remove": async ({ me, conversationId }) => {
    await expectCode(me.api.chats.remove({ conversationId }), "NOT_FOUND");
  },
  "chats.typing": async ({ me, conversationId }) => {
    await expectCode(me.api.chats.typing({ conversationId }), "NOT_FOUND");
  },
  "chats.readReceipts": async ({ me, conversationId }) => {
    await expectCode(me.api.chats.readReceipts({ conversationId }), "NOT_FOUND");
  },
  "likes.like": async ({ me, other }) => {
    await expectCode(me.api.likes.like({ profileId: other.id }), "BLOCKED");
  },
  "likes.unlike": async ({ me, other }) => {
    expect(await me.api.likes.unlike({ profileId: other.id })).toEqual({ liked: false });
  },
  "likes.list": async ({ me, other }) => {
    for (const type of ["sent", "received", "match"] as const) {
      expect((await me.api.likes.list({ type })).items.map((i) => i.profile.id)).not.toContain(other.id);
    }
  },
  "likes.status": async ({ me, other }) => {
    await expectCode(me.api.likes.status({ profileId: other.id }), "BLOCKED");
  },
  "likes.markSeen": async ({ me, other }) => {
    await me.api.likes.markSeen({ profileId: other.id });
    expect((await me.api.likes.list({ type: "received" })).items.map((i) => i.profile.id)).not.toContain(other.id);
  },
  "landers.member": async ({ me, other }) => {
    // A member landing page is public, but not to the two on either side of a block.
    await expectCode(me.api.landers.member({ id: other.id }), "BLOCKED");
  },
  "landers.photos": async ({ me, other }) => {
    // With a public main photo, the other shows on the landers to a third member, not to `me`.
    await addPhoto(t.server, other.id, { isMain: true });
    const third = await member();
    expect((await third.api.landers.photos({ count: 24 })).items.map((p) => p.id)).toContain(other.id);
    expect((await me.api.landers.photos({ count: 24 })).items.map((p) => p.id)).not.toContain(other.id);
  },
  "likes.suggestion": async ({ me, other }) => {
    for (let i = 0; i < 10; i++) expect((await me.api.likes.suggestion())?.profile.id).not.toBe(other.id);
  },
};

/** Procedures that take another member but must work across a block, with the reason. */
const ALLOWED_ACROSS_A_BLOCK: Record<string, string> = {
  "safety.block": "either side may block the other too (checked below)",
  "safety.unblock": "lifts only the caller's own block (checked below)",
  "moderation.report": "a member may report someone who blocked them, or whom they blocked",
};

/** Procedures that take no other member (own account, payments, site) or are for operators only. */
const NO_OTHER_MEMBER = new Set([
  ...["me", "signup", "login", "logout", "activate", "resendActivation", "updateSettings"].map((p) => `accounts.${p}`),
  ...[
    "requestPasswordReset",
    "checkPasswordResetLink",
    "completePasswordReset",
    "changePassword",
    "requestEmailChange",
    "confirmEmailChange",
    "sessions",
    "endSession",
    "exportData",
  ].map((p) => `security.${p}`),
  "chats.readReceiptsSetting",
  "chats.setReadReceipts",
  "live.events",
  "live.counters",
  ...[
    "regions",
    "interests",
    "myPhotos",
    "setMainPhoto",
    "setPhotoPrivate",
    "deletePhoto",
    "myProfile",
    "updateProfile",
  ].map((p) => `members.${p}`),
  ...["settings", "visitor", "entryWarning", "company", "page"].map((p) => `site.${p}`),
  "landers.pageBounce", // the §2 lb beacon: a path and a duration
  ...["subscribe", "state"].map((p) => `push.${p}`), // the caller's own push subscription
  "likes.quota", // the caller's own daily likes
  "credits.packages",
  "credits.pricing",
  ...["state", "requestCode", "confirm", "revoke"].map((p) => `directDebit.${p}`),
  ...["active", "check", "use"].map((p) => `discounts.${p}`),
  ...["start", "get", "list", "cancel", "repeatOptions", "repeat"].map((p) => `payments.${p}`),
  ...["blocked", "settings", "setInvisible"].map((p) => `safety.${p}`),
  ...["settings", "update", "unsubscribe"].map((p) => `notifications.${p}`),
  ...["delete", "reactivate", "requestReactivation"].map((p) => `accountDeletion.${p}`),
  "moderation.contact", // the company's contact details for /complaints
  // Operators only (FORBIDDEN for members): they act on members, never as one.
  ...["queue", "dismiss", "approvePhoto", "hidePhoto", "warn", "suspend", "reinstate", "ban"].map(
    (p) => `moderation.${p}`,
  ),
]);

async function setPremiumOff(m: MemberWithApi) {
  await t.server.deps.db.updateTable("users").set({ paid_user: false }).where("id", "=", m.id).execute();
}
async function setPremiumOn(m: MemberWithApi) {
  await t.server.deps.db.updateTable("users").set({ paid_user: true }).where("id", "=", m.id).execute();
}

describe("a block (§4): chats and likes go, both tabs hear it live", () => {
  it("deletes the conversation and the likes between the two, and both members get member.blocked live", async () => {
    const { a, b, conversationId } = await blockedPair();
    const [liveA, liveB] = await Promise.all([liveStreamOf(a), liveStreamOf(b)]);
    const result = await a.api.safety.block({ profileId: b.id });
    expect(result).toEqual({ blocked: true, profileId: b.id, conversationIds: [conversationId] });

    await liveA.waitFor((e) => e.data.type === "member.blocked", "member.blocked for the blocker");
    await liveB.waitFor((e) => e.data.type === "member.blocked", "member.blocked for the blocked member");
    expect(liveA.events.find((e) => e.data.type === "member.blocked")!.data).toEqual({
      type: "member.blocked",
      profileId: b.id,
      conversationIds: [conversationId],
      byMe: true,
    });
    expect(liveB.events.find((e) => e.data.type === "member.blocked")!.data).toEqual({
      type: "member.blocked",
      profileId: a.id,
      conversationIds: [conversationId],
      byMe: false,
    });

    const db = t.server.deps.db;
    expect(await db.selectFrom("conversations").select("id").where("id", "=", conversationId).execute()).toEqual([]);
    expect(
      await db.selectFrom("messages").select("id").where("conversation_id", "=", conversationId).execute(),
    ).toEqual([]);
    const likes = await db
      .selectFrom("likes")
      .select("liker_id")
      .where((eb) => eb.or([eb("liker_id", "in", [a.id, b.id]), eb("liked_id", "in", [a.id, b.id])]))
      .execute();
    expect(likes).toEqual([]);
    // Unread counts go with the conversation.
    expect((await b.api.live.counters()).unreadMessages).toBe(0);
  });

  it("a live stream resumed from the start gives back none of what the block deleted (messages, the other's card)", async () => {
    const { a, b } = await blockedPair();
    await a.api.chats.send({ toProfileId: b.id, clientId: crypto.randomUUID(), body: "my phone is 0612345678" });
    await a.api.safety.block({ profileId: b.id });
    for (const [m, other] of [
      [b, a],
      [a, b],
    ] as const) {
      const browser = TestBrowser.withSession(t.server, m);
      browsers.push(browser);
      const live = collectLiveEvents(browser.openSocket().client, "0");
      await live.waitFor((e) => e.data.type === "member.blocked", "member.blocked");
      const shown = live.events.filter(
        (e) => JSON.stringify(e.data).includes(`"id":${other.id}`) || e.data.type === "message.new",
      );
      expect(shown.map((e) => e.data.type)).toEqual([]);
      expect(JSON.stringify(live.events)).not.toContain("0612345678");
      live.unsubscribe();
    }
  });

  it("refuses blocking oneself and an unknown member; blocking again changes nothing", async () => {
    const a = await member();
    await expectCode(a.api.safety.block({ profileId: a.id }), "VALIDATION");
    await expectCode(a.api.safety.block({ profileId: 2_000_000_000 }), "NOT_FOUND");
    const b = await member();
    await a.api.safety.block({ profileId: b.id });
    expect(await a.api.safety.block({ profileId: b.id })).toEqual({
      blocked: true,
      profileId: b.id,
      conversationIds: [],
    });
    expect((await a.api.safety.blocked()).members.map((m) => m.id)).toEqual([b.id]);
  });
});

describe("the sweep: every procedure that takes another member holds the block, both ways", () => {
  it("each procedure of the router is checked for blocking or listed as taking no other member", () => {
    const paths = Object.keys(appRouter._def.procedures).sort();
    const undecided = paths.filter(
      (p) => !(p in BLOCK_CHECKS) && !(p in ALLOWED_ACROSS_A_BLOCK) && !NO_OTHER_MEMBER.has(p),
    );
    expect(undecided, "add these procedures to BLOCK_CHECKS, ALLOWED_ACROSS_A_BLOCK or NO_OTHER_MEMBER").toEqual([]);
    // No stale entries either: every name listed is a procedure.
    const listed = [...Object.keys(BLOCK_CHECKS), ...Object.keys(ALLOWED_ACROSS_A_BLOCK), ...NO_OTHER_MEMBER];
    expect(listed.filter((p) => !paths.includes(p))).toEqual([]);
  });

  it("the blocked member and the blocker each meet the block in every checked procedure", async () => {
    const { a, b, conversationId, photos } = await blockedPair();
    await a.api.safety.block({ profileId: b.id });
    for (const [me, other] of [
      [b, a],
      [a, b],
    ] as const) {
      for (const [path, check] of Object.entries(BLOCK_CHECKS)) {
        try {
          await check({ me, other, conversationId, otherPhotoId: photos.get(other.id)! });
        } catch (err) {
          throw new Error(`${path} as ${me === a ? "the blocker" : "the blocked member"}: ${(err as Error).message}`, {
            cause: err,
          });
        }
      }
    }
  });

  it("the blocked member can block back; unblocking lifts only one's own block; then the two meet again", async () => {
    const { a, b } = await blockedPair();
    await a.api.safety.block({ profileId: b.id });
    await b.api.safety.block({ profileId: a.id });
    await a.api.safety.unblock({ profileId: b.id });
    // b's block still stands.
    await expectCode(a.api.members.get({ id: b.id }), "BLOCKED");
    await b.api.safety.unblock({ profileId: a.id });
    expect((await a.api.members.get({ id: b.id })).id).toBe(b.id);
    expect((await a.api.safety.blocked()).members).toEqual([]);
    // Chats and likes do not come back.
    expect((await a.api.chats.list()).chats.map((c) => c.profile.id)).not.toContain(b.id);
    expect(await a.api.likes.status({ profileId: b.id })).toEqual({ liked: false, likedMe: false, match: false });
  });
  it("a conversation a block deleted still counts against a free member's 2 (§9): blocking and unblocking gives none back", async () => {
    const free = await member({ paid: false, gender: "female", country: "AT" });
    const [b, c, d] = [
      await member({ gender: "male", country: "AT" }),
      await member({ gender: "male", country: "AT" }),
      await member({ gender: "male", country: "AT" }),
    ];
    await free.api.chats.send({ toProfileId: b.id, clientId: crypto.randomUUID(), body: "hello b" });
    await free.api.chats.send({ toProfileId: c.id, clientId: crypto.randomUUID(), body: "hello c" });
    await free.api.safety.block({ profileId: b.id });
    await free.api.safety.unblock({ profileId: b.id });
    await expectCode(
      free.api.chats.send({ toProfileId: d.id, clientId: crypto.randomUUID(), body: "hello d" }),
      "CONVERSATION_LIMIT",
    );
    await expectCode(
      free.api.chats.send({ toProfileId: b.id, clientId: crypto.randomUUID(), body: "hello again" }),
      "CONVERSATION_LIMIT",
    );
    // The blocked side started nothing: it may still start its own.
    await b.api.chats.send({ toProfileId: free.id, clientId: crypto.randomUUID(), body: "hi, it's b" });
  });

  it("a send retried with its client id after a block deleted its message is refused (IDEMPOTENCY_CONFLICT), not charged again", async () => {
    const a = await member({ gender: "female", country: "AT" });
    const b = await member({ gender: "male", country: "AT" });
    const clientId = crypto.randomUUID();
    await a.api.chats.send({ toProfileId: b.id, clientId, body: "hello" });
    await b.api.safety.block({ profileId: a.id });
    await b.api.safety.unblock({ profileId: a.id });
    await a.api.chats.send({ toProfileId: b.id, clientId: crypto.randomUUID(), body: "hello again" });
    const before = await creditsOf(t.server.deps, a.id);
    // An outbox whose first answer was lost sends the first message again.
    await expectCode(a.api.chats.send({ toProfileId: b.id, clientId, body: "hello" }), "IDEMPOTENCY_CONFLICT");
    expect(await creditsOf(t.server.deps, a.id)).toEqual(before);
  });
});

describe("legacy endpoints (§7) hold the block", () => {
  /** Every /api/*.php route, with whether it shows or acts on other members. */
  const LEGACY: Record<string, "checked" | "no other member"> = {
    "/api/chats.php": "checked",
    "/api/likes.php": "checked",
    "/api/auto-like.php": "checked",
    "/api/chat.php": "checked",
  };

  it("each legacy route is checked or listed as taking no other member", () => {
    const routes = new Set(t.server.app.printRoutes({ commonPrefix: false }).match(/\/api\/[a-z-]+\.php/g) ?? []);
    const undecided = [...routes].filter((r) => !(r in LEGACY));
    // user, logout, geocode, page-hidden, discountcode, settings, interests, regions, companyinfo: own account or site data.
    const own = [
      "/api/user.php",
      "/api/logout.php",
      "/api/geocode.php",
      "/api/page-hidden.php",
      "/api/discountcode.php",
      "/api/settings.php",
      "/api/interests.php",
      "/api/regions.php",
      "/api/companyinfo.php",
    ];
    expect(undecided.filter((r) => !own.includes(r))).toEqual([]);
  });

  it("chats.php, likes.php and auto-like.php never show the other; chat.php cannot touch the deleted chat", async () => {
    const { a, b, conversationId } = await blockedPair("NL");
    await a.api.safety.block({ profileId: b.id });
    for (const [me, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const browser = TestBrowser.withSession(t.server, me);
      const chats = await (await browser.fetch("/api/chats.php")).json();
      expect(JSON.stringify(chats.chats.map((c: { profile: { id: number } }) => c.profile.id))).not.toContain(
        String(other.id),
      );
      const likes = await (await browser.fetch("/api/likes.php")).json();
      const ids = [...likes.profiles, ...likes.liked_by].map((p: { id: number }) => p.id);
      expect(ids).not.toContain(other.id);
      for (let i = 0; i < 10; i++) {
        const pick = await (await browser.fetch("/api/auto-like.php")).json();
        expect(pick.profile?.id).not.toBe(other.id);
      }
      const removed = await browser.fetch("/api/chat.php", {
        method: "DELETE",
        headers: { "content-type": "application/json", origin: t.server.origin },
        body: JSON.stringify({ conversation: conversationId }),
      });
      expect(removed.status).toBe(404);
    }
  });
});

describe("photos across a block", () => {
  const upload = (owner: { sessionToken: string }, background: string, isPrivate: boolean) =>
    uploadPhoto(t.server, owner, background, { isPrivate });

  it("a private photo's URL issued before the block answers 404 after it, to either side", async () => {
    const owner = await member();
    await upload(owner, "#c36", false);
    const secret = await upload(owner, "#3c6", true);
    const viewer = await member();
    const seen = (await viewer.api.members.get({ id: owner.id })).photos.find((p) => p.id === secret.id)!;
    if (seen.locked) throw new Error("a premium member sees every photo");
    const fetchAs = (m: { sessionToken: string }) =>
      fetch(`${t.server.url}${seen.url}`, { headers: { cookie: `auth=${m.sessionToken}` } });
    expect((await fetchAs(viewer)).status).toBe(200);
    await owner.api.safety.block({ profileId: viewer.id });
    expect((await fetchAs(viewer)).status).toBe(404);
  });
});

describe("the blocked list (settings)", () => {
  it("lists the members one blocked, newest first, with name and date; never whom blocked oneself", async () => {
    const a = await member();
    const b = await member({ name: "Bea Blocked" });
    const c = await member({ name: "Cas Blocked" });
    await a.api.safety.block({ profileId: b.id });
    await a.api.safety.block({ profileId: c.id });
    const list = (await a.api.safety.blocked()).members;
    expect(list.map((m) => [m.id, m.name])).toEqual([
      [c.id, "Cas Blocked"],
      [b.id, "Bea Blocked"],
    ]);
    expect(Number.isNaN(Date.parse(list[0]!.blockedAt))).toBe(false);
    expect((await b.api.safety.blocked()).members).toEqual([]);
  });
});

describe("a blocker the other member may no longer see", () => {
  it("is not found, not 'Blocked by another user': the answer must not tell that a suspended account still exists", async () => {
    const [blocker, blocked] = await Promise.all([member(), member()]);
    await blocker.api.safety.block({ profileId: blocked.id });
    expect(appCodeOf(await failureOf(blocked.api.members.get({ id: blocker.id })))).toBe("BLOCKED");
    const op = await member();
    await grantOperator(t.server.deps, op.email);
    await op.api.moderation.suspend({ userId: blocker.id });
    expect(appCodeOf(await failureOf(blocked.api.members.get({ id: blocker.id })))).toBe("NOT_FOUND");
  });
});

describe("blocking a member one may not see (security review of 2026-11-27 §5)", () => {
  /** An operator of this file's server. */
  async function operator() {
    const op = await member();
    await grantOperator(t.server.deps, op.email);
    return op;
  }

  it("is refused exactly as an unknown id: invisible, unconfirmed, pending deletion, suspended and banned members", async () => {
    const a = await member();
    const op = await operator();
    const invisible = await member({ name: "Ivy Invisible" });
    await invisible.api.safety.setInvisible({ invisible: true });
    const unconfirmed = await member({ confirmed: false, name: "Una Unconfirmed" });
    const leaving = await member({ name: "Lea Leaving" });
    await leaving.api.accountDeletion.delete({ reason: "other", confirm: true });
    const suspended = await member({ name: "Sue Suspended" });
    await op.api.moderation.suspend({ userId: suspended.id });
    const banned = await member({ name: "Ben Banned" });
    await op.api.moderation.ban({ userId: banned.id });

    const unknown = await failureOf(a.api.safety.block({ profileId: 2_000_000_000 }));
    expect(appCodeOf(unknown)).toBe("NOT_FOUND");
    for (const hidden of [invisible, unconfirmed, leaving, suspended, banned]) {
      const err = await failureOf(a.api.safety.block({ profileId: hidden.id }));
      expect([hidden.name, appCodeOf(err), err.message]).toEqual([hidden.name, "NOT_FOUND", unknown.message]);
    }
    // Nothing was recorded: no name on the blocker's list, no event in the hidden member's log.
    expect((await a.api.safety.blocked()).members).toEqual([]);
    const told = await t.server.deps.db
      .selectFrom("member_events")
      .select("user_id")
      .where("user_id", "in", [invisible.id, unconfirmed.id, leaving.id, suspended.id, banned.id])
      .where("type", "=", "member.blocked")
      .execute();
    expect(told).toEqual([]);
  });

  it("a contact who went invisible can still be blocked (a conversation, a like); the list then shows no name", async () => {
    const a = await member({ gender: "female" });
    const writer = await member({ gender: "male", name: "Walt Writer" });
    const liker = await member({ gender: "male", name: "Lou Liker" });
    await writer.api.chats.send({ toProfileId: a.id, clientId: crypto.randomUUID(), body: "hello" });
    await liker.api.likes.like({ profileId: a.id });
    await writer.api.safety.setInvisible({ invisible: true });
    await liker.api.safety.setInvisible({ invisible: true });

    expect((await a.api.safety.block({ profileId: writer.id })).blocked).toBe(true);
    expect((await a.api.safety.block({ profileId: liker.id })).blocked).toBe(true);
    // Blocking again still answers as the first time.
    expect((await a.api.safety.block({ profileId: writer.id })).blocked).toBe(true);
    expect((await a.api.safety.blocked()).members.map((m) => [m.id, m.name])).toEqual([
      [liker.id, null],
      [writer.id, null],
    ]);
  });

  it("the list shows a blocked member's name only while they are shown to the blocker", async () => {
    const a = await member();
    const b = await member({ name: "Bo Blocked" });
    await a.api.safety.block({ profileId: b.id });
    expect((await a.api.safety.blocked()).members.map((m) => m.name)).toEqual(["Bo Blocked"]);
    await b.api.safety.setInvisible({ invisible: true });
    expect((await a.api.safety.blocked()).members).toEqual([
      { id: b.id, name: null, blockedAt: expect.any(String) as string },
    ]);
    await b.api.safety.setInvisible({ invisible: false });
    const op = await operator();
    await op.api.moderation.ban({ userId: b.id });
    expect((await a.api.safety.blocked()).members.map((m) => m.name)).toEqual([null]);
  });
});
