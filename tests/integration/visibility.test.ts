import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/server.js";
import { appCodeOf, failureOf, memberFactory } from "../support/factories.js";

/**
 * One visibility rule for every procedure that returns a profile (§4): hidden members
 * (unconfirmed, invisible) cannot be listed by trying ids, except by members who already share a
 * conversation with them.
 */
const t = useTestServer();
const member = memberFactory(t);

describe("hidden members stay hidden whatever the procedure", () => {
  it("chats.withProfile does not show an unconfirmed member to a stranger, nor their photo", async () => {
    const viewer = await member();
    const hidden = await member({ confirmed: false });
    const visible = await member();
    expect(appCodeOf(await failureOf(viewer.api.chats.withProfile({ profileId: hidden.id })))).toBe("NOT_FOUND");
    expect(appCodeOf(await failureOf(viewer.api.members.get({ id: hidden.id })))).toBe("NOT_FOUND");
    expect((await viewer.api.chats.withProfile({ profileId: visible.id })).profile.id).toBe(visible.id);
  });

  it("looping over ids with chats.withProfile finds only visible members", async () => {
    const viewer = await member();
    const shown = await member();
    const hidden = await Promise.all([member({ confirmed: false }), member({ confirmed: false })]);
    const found: number[] = [];
    for (const id of [shown.id, ...hidden.map((h) => h.id)]) {
      try {
        found.push((await viewer.api.chats.withProfile({ profileId: id })).profile.id);
      } catch (err) {
        expect(appCodeOf(err)).toBe("NOT_FOUND");
      }
    }
    expect(found).toEqual([shown.id]);
  });

  it("a member who wrote to you stays visible in that chat although invisible (existing conversations go on)", async () => {
    // An unconfirmed member cannot write at all (§1, issue 10); an invisible one may write first (§4).
    const writer = await member();
    await writer.api.safety.setInvisible({ invisible: true });
    const reader = await member();
    await writer.api.chats.send({ toProfileId: reader.id, clientId: crypto.randomUUID(), body: "hello" });
    const chat = await reader.api.chats.withProfile({ profileId: writer.id });
    expect(chat.profile.id).toBe(writer.id);
    expect(chat.conversationId).not.toBeNull();
    expect((await reader.api.chats.list()).chats.map((c) => c.profile.id)).toEqual([writer.id]);
    // Still hidden from everyone else.
    const stranger = await member();
    expect(appCodeOf(await failureOf(stranger.api.chats.withProfile({ profileId: writer.id })))).toBe("NOT_FOUND");
  });
});
