import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/server.js";
import { TestBrowser } from "../support/client.js";
import { appCodeOf, creditsOf, failureOf, memberFactory, type MemberWithApi } from "../support/factories.js";
import { grantOperator } from "../../server/features/moderation/moderation.service.js";

/**
 * Suspended and banned members (issue 10) are closed to everyone, contacts included: the one
 * visibility rule (members.isVisibleTo / isClosedToOthers) hides them from chat and like lists,
 * tRPC and legacy, and messages, gifts (fast send path chat_send_fast included) and likes to them
 * are refused with nothing charged. Reinstating restores everything.
 */
describe("suspended and banned members are closed to their contacts", () => {
  const t = useTestServer();
  const member = memberFactory(t, { paid: true, credits: 500 });

  /** `a` (premium, credits) and `b` who chat and like each other, and an operator. */
  async function pair() {
    const [a, b, op] = await Promise.all([member(), member(), member()]);
    await grantOperator(t.server.deps, op.email);
    await a.api.chats.send({ toProfileId: b.id, clientId: crypto.randomUUID(), body: "hello" });
    await b.api.chats.send({ toProfileId: a.id, clientId: crypto.randomUUID(), body: "hi back" });
    await a.api.likes.like({ profileId: b.id });
    await b.api.likes.like({ profileId: a.id });
    return { a, b, op };
  }

  async function seenBy(a: MemberWithApi, b: MemberWithApi) {
    const chats = (await a.api.chats.list()).chats.map((c) => c.profile.id);
    const likes: number[] = [];
    for (const type of ["sent", "received", "match"] as const) {
      likes.push(...(await a.api.likes.list({ type })).items.map((i) => i.profile.id));
    }
    const browser = TestBrowser.withSession(t.server, a);
    const legacyChats = (await (await browser.fetch("/api/chats.php")).json()) as {
      chats: { profile: { id: number } }[];
    };
    const legacyLikes = (await (await browser.fetch("/api/likes.php")).json()) as {
      profiles: { id: number }[];
      liked_by: { id: number }[];
    };
    return {
      chats: chats.includes(b.id),
      likes: likes.includes(b.id),
      legacyChats: legacyChats.chats.some((c) => c.profile.id === b.id),
      legacyLikes: [...legacyLikes.profiles, ...legacyLikes.liked_by].some((p) => p.id === b.id),
    };
  }

  for (const action of ["suspend", "ban"] as const) {
    it(`${action}: hidden from contacts everywhere, nothing sent or charged; reinstate restores`, async () => {
      const { a, b, op } = await pair();
      expect(await seenBy(a, b)).toEqual({ chats: true, likes: true, legacyChats: true, legacyLikes: true });
      await op.api.moderation[action]({ userId: b.id });

      expect(await seenBy(a, b)).toEqual({ chats: false, likes: false, legacyChats: false, legacyLikes: false });
      expect(appCodeOf(await failureOf(a.api.members.get({ id: b.id })))).toBe("NOT_FOUND");
      const before = await creditsOf(t.server.deps, a.id);
      const messagesBefore = await t.server.deps.db
        .selectFrom("messages")
        .select((e) => e.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow();
      // Premium with credits and an existing conversation: the fast send path's common case.
      expect(
        appCodeOf(
          await failureOf(a.api.chats.send({ toProfileId: b.id, clientId: crypto.randomUUID(), body: "still there?" })),
        ),
      ).toBe("NOT_FOUND");
      expect(
        appCodeOf(
          await failureOf(a.api.chats.sendGift({ toProfileId: b.id, clientId: crypto.randomUUID(), gift: "rose" })),
        ),
      ).toBe("NOT_FOUND");
      await a.api.likes.unlike({ profileId: b.id });
      expect(appCodeOf(await failureOf(a.api.likes.like({ profileId: b.id })))).toBe("NOT_FOUND");
      expect(await creditsOf(t.server.deps, a.id)).toEqual(before);
      const messagesAfter = await t.server.deps.db
        .selectFrom("messages")
        .select((e) => e.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(messagesAfter.n)).toBe(Number(messagesBefore.n));

      await op.api.moderation.reinstate({ userId: b.id });
      expect(await seenBy(a, b)).toMatchObject({ chats: true, legacyChats: true });
      expect((await a.api.members.get({ id: b.id })).id).toBe(b.id);
      await a.api.chats.send({ toProfileId: b.id, clientId: crypto.randomUUID(), body: "welcome back" });
      expect((await creditsOf(t.server.deps, a.id)).balance).toBeLessThan(before.balance);
    });
  }
});
