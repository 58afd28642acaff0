import { afterEach, describe, expect, it } from "vitest";
import { useTestServer } from "../support/server.js";
import { TestBrowser, collectLiveEvents, lastEventIdOf } from "../support/client.js";
import { appCodeOf, birthDateForAge, failureOf, memberFactory } from "../support/factories.js";
import { addPhoto } from "../support/payments.js";

// Issue 14's server rules: read receipts with reciprocal privacy, related profiles through the
// one visibility rule, and the /likes suggestion card from the §7 auto-like pick.

const t = useTestServer();
const browsers: TestBrowser[] = [];
afterEach(async () => {
  await Promise.all(browsers.splice(0).map((b) => b.closeSockets()));
});
const member = memberFactory(t);

async function liveStreamOf(m: { id: number; sessionToken: string }) {
  const browser = TestBrowser.withSession(t.server, m);
  browsers.push(browser);
  return collectLiveEvents(browser.openSocket().client, await lastEventIdOf(t.server, m.id));
}

async function setBirthDate(id: number, age: number) {
  await t.server.deps.db
    .updateTable("profiles")
    .set({ birth_date: birthDateForAge(age) })
    .where("id", "=", id)
    .execute();
}

describe("read receipts: 'Seen' only when both members have them on", () => {
  it("is on by default; the sender sees how far the other read, live; either member turning it off hides it", async () => {
    const a = await member({ credits: 50 });
    const b = await member({ credits: 50 });
    expect(await a.api.chats.readReceiptsSetting()).toEqual({ enabled: true });
    const sent = await a.api.chats.send({ toProfileId: b.id, clientId: crypto.randomUUID(), body: "Hello there" });
    const conversationId = sent.message.conversationId;
    expect(await a.api.chats.readReceipts({ conversationId })).toEqual({
      enabled: true,
      shared: true,
      otherReadSeq: 0,
    });

    const aLive = await liveStreamOf(a);
    await aLive.waitStarted();
    await b.api.chats.markRead({ conversationId });
    await aLive.waitFor((e) => e.data.type === "conversation.seen", "conversation.seen for a");
    expect(aLive.events.find((e) => e.data.type === "conversation.seen")!.data).toEqual({
      type: "conversation.seen",
      conversationId,
      seq: sent.message.seq,
    });
    expect((await a.api.chats.readReceipts({ conversationId })).otherReadSeq).toBe(sent.message.seq);

    // b turns receipts off: a no longer sees b's reading (and hears that it changed).
    expect(await b.api.chats.setReadReceipts({ enabled: false })).toEqual({ enabled: false });
    await aLive.waitFor((e) => e.data.type === "receipts.changed", "receipts.changed for a");
    expect(await a.api.chats.readReceipts({ conversationId })).toEqual({
      enabled: true,
      shared: false,
      otherReadSeq: null,
    });
    // Reciprocal: b, with receipts off, does not see a's reading either.
    await a.api.chats.markRead({ conversationId });
    expect(await b.api.chats.readReceipts({ conversationId })).toMatchObject({ enabled: false, otherReadSeq: null });

    // Back on for b, off for a: still hidden both ways.
    await b.api.chats.setReadReceipts({ enabled: true });
    await a.api.chats.setReadReceipts({ enabled: false });
    expect((await a.api.chats.readReceipts({ conversationId })).otherReadSeq).toBeNull();
    expect((await b.api.chats.readReceipts({ conversationId })).otherReadSeq).toBeNull();
  });

  it("typing reaches the other member only when both have receipts on", async () => {
    const a = await member({ credits: 50 });
    const b = await member({ credits: 50 });
    const { message } = await a.api.chats.send({ toProfileId: b.id, clientId: crypto.randomUUID(), body: "Hi" });
    const conversationId = message.conversationId;
    const bLive = await liveStreamOf(b);
    await bLive.waitStarted();

    await a.api.chats.setReadReceipts({ enabled: false });
    await a.api.chats.typing({ conversationId });
    await a.api.chats.setReadReceipts({ enabled: true });
    // The receipts.changed events are a barrier: the typing sent before them would have arrived first.
    await bLive.waitFor((e) => e.data.type === "receipts.changed" && bLive.events.length >= 2, "both changes");
    expect(bLive.events.some((e) => e.data.type === "typing")).toBe(false);

    await a.api.chats.typing({ conversationId });
    await bLive.waitFor((e) => e.data.type === "typing", "typing for b");
  });

  it("a stranger to the conversation gets NOT_FOUND", async () => {
    const a = await member({ credits: 50 });
    const b = await member();
    const c = await member();
    const { message } = await a.api.chats.send({ toProfileId: b.id, clientId: crypto.randomUUID(), body: "Hi" });
    const err = await failureOf(c.api.chats.readReceipts({ conversationId: message.conversationId }));
    expect(appCodeOf(err)).toBe("NOT_FOUND");
  });
});

describe("related profiles (§2 profile view)", () => {
  it("same country and gender, nearby age, visible members only; neither the viewer nor the profile", async () => {
    const country = "IT";
    const viewer = await member({ gender: "male", country });
    const profile = await member({ gender: "female", country });
    const near = await member({ gender: "female", country });
    const far = await member({ gender: "female", country });
    const otherGender = await member({ gender: "male", country });
    const otherCountry = await member({ gender: "female", country: "NL" });
    const hidden = await member({ gender: "female", country, confirmed: false });
    await Promise.all([
      setBirthDate(profile.id, 30),
      setBirthDate(near.id, 33),
      setBirthDate(far.id, 45),
      setBirthDate(otherGender.id, 30),
      setBirthDate(otherCountry.id, 30),
      setBirthDate(hidden.id, 30),
    ]);
    const related = await viewer.api.members.related({ id: profile.id });
    const ids = related.items.map((p) => p.id);
    expect(ids).toContain(near.id);
    for (const id of [viewer.id, profile.id, far.id, otherGender.id, otherCountry.id, hidden.id])
      expect(ids).not.toContain(id);
    expect(related.items.every((p) => p.country === country && p.gender === "female")).toBe(true);
  });

  it("a member with a block between them and the viewer, either way, is not related (§4)", async () => {
    const country = "AT";
    const viewer = await member({ gender: "male", country });
    const profile = await member({ gender: "female", country });
    const blockedByViewer = await member({ gender: "female", country });
    const blockerOfViewer = await member({ gender: "female", country });
    const open = await member({ gender: "female", country });
    await viewer.api.safety.block({ profileId: blockedByViewer.id });
    await blockerOfViewer.api.safety.block({ profileId: viewer.id });
    const ids = (await viewer.api.members.related({ id: profile.id })).items.map((p) => p.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(blockedByViewer.id);
    expect(ids).not.toContain(blockerOfViewer.id);
  });

  it("a profile hidden from the viewer has no related row (NOT_FOUND)", async () => {
    const viewer = await member();
    const hidden = await member({ confirmed: false });
    expect(appCodeOf(await failureOf(viewer.api.members.related({ id: hidden.id })))).toBe("NOT_FOUND");
  });
});

describe("the /likes suggestion card (§7 auto-like)", () => {
  it("a like the member really received shows as 'received'; otherwise only as a suggestion", async () => {
    const me = await member({ gender: "male", country: "PL" });
    const liker = await member({ gender: "female", country: "PL" });
    const other = await member({ gender: "female", country: "PL" });
    await addPhoto(t.server, liker.id, { isMain: true });
    await addPhoto(t.server, other.id, { isMain: true });

    const suggestion = await me.api.likes.suggestion();
    expect(suggestion?.kind).toBe("suggestion");
    expect(suggestion!.profile.id).not.toBe(me.id);

    // The liker is a fictional profile (run by the site): the card keeps the flag for its label.
    await t.server.deps.db.updateTable("profiles").set({ fictional: true }).where("id", "=", liker.id).execute();
    await liker.api.likes.like({ profileId: me.id });
    expect(await me.api.likes.suggestion()).toMatchObject({
      kind: "received",
      profile: { id: liker.id, fictional: true },
    });

    // Once seen (profile opened, §4), it is no longer presented as a new like.
    await me.api.likes.markSeen({ profileId: liker.id });
    const after = await me.api.likes.suggestion();
    expect(after?.kind).toBe("suggestion");
  });

  it("a like from a member already liked back is a match, not 'someone likes you'", async () => {
    const me = await member({ gender: "male", country: "PL" });
    const match = await member({ gender: "female", country: "PL" });
    await addPhoto(t.server, match.id, { isMain: true });
    await me.api.likes.like({ profileId: match.id });
    await match.api.likes.like({ profileId: me.id });
    const card = await me.api.likes.suggestion();
    expect(card?.kind === "received" && card.profile.id === match.id).toBe(false);
  });
});
