import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { useTestServer } from "../support/server.js";
import { uploadPhoto } from "../support/photos.js";
import { appCodeOf, createMemberWithApi, failureOf, type MemberWithApi } from "../support/factories.js";
import { clearSiteCache } from "../../server/features/site/site.service.js";
import { grantOperator } from "../../server/features/moderation/moderation.service.js";
import { getProfileSummaries } from "../../server/features/members/members.service.js";
import { privatePhotoUrl } from "../../server/features/members/members.photos.js";

/**
 * Findings F1, F2, F3, F4, F5 and F7 of the media security review (issue 10, photo moderation):
 * only an active photo is ever main or on a card; operators see private photos through URLs bound
 * to them; operators review neither their own photos nor another operator's; an action closes only
 * a report about the member acted on; a private photo's URL dies with its owner's visibility; a
 * hidden photo's blurred copy is no longer public, and its files are kept until the owner deletes it.
 */
const t = useTestServer();
const member = (opts: { paid?: boolean } = {}) => createMemberWithApi(t.server.deps, opts);
async function operator(): Promise<MemberWithApi> {
  const m = await member();
  await grantOperator(t.server.deps, m.email);
  return m;
}

const upload = (m: { sessionToken: string }, background: string, isPrivate = false) =>
  uploadPhoto(t.server, m, background, { isPrivate });

const statusOf = async (url: string, viewer?: { sessionToken: string }) =>
  (await fetch(`${t.server.url}${url}`, { headers: viewer ? { cookie: `auth=${viewer.sessionToken}` } : {} })).status;

async function setMode(mode: "pre" | "post") {
  await t.server.deps.db.updateTable("sites").set({ photo_moderation: mode }).execute();
  clearSiteCache(t.server.deps);
}
afterEach(() => setMode("post"));

const photoRow = (photoId: number) =>
  t.server.deps.db.selectFrom("photos").selectAll().where("id", "=", photoId).executeTakeFirstOrThrow();
const auditOf = (targetId: number) =>
  t.server.deps.db.selectFrom("moderation_actions").selectAll().where("target_user_id", "=", targetId).execute();
const reportStatus = async (reportId: number) =>
  (await t.server.deps.db.selectFrom("reports").select("status").where("id", "=", reportId).executeTakeFirstOrThrow())
    .status;
/** The owner's profile card as `viewerId` sees it (search, likes, chats, /api/*.php all use it). */
const cardOf = async (viewerId: number, ownerId: number) =>
  (await getProfileSummaries(t.server.deps.db, viewerId, [ownerId])).get(ownerId);

describe("F1: only an active photo becomes main", () => {
  it("'pre': deleting the main photo does not promote a photo no operator approved; cards show none", async () => {
    await setMode("pre");
    const [owner, viewer, op] = await Promise.all([member(), member(), operator()]);
    const approved = await upload(owner, "#2a7");
    await op.api.moderation.approvePhoto({ photoId: approved.id });
    const waiting = await upload(owner, "#a27");
    expect(waiting).toMatchObject({ status: "pending", isMain: false });

    const after = await owner.api.members.deletePhoto({ photoId: approved.id });
    expect(after.photos.map((p) => [p.id, p.status, p.isMain])).toEqual([[waiting.id, "pending", false]]);
    expect((await cardOf(viewer.id, owner.id))?.mainImage).toBeNull();
    expect((await viewer.api.members.get({ id: owner.id })).mainImage).toBeNull();
  });

  it("'post': deleting the main photo skips a photo an operator hid and promotes the next active public one", async () => {
    const [owner, viewer, op] = await Promise.all([member(), member(), operator()]);
    const main = await upload(owner, "#27a");
    const hidden = await upload(owner, "#72a");
    const next = await upload(owner, "#7a2");
    await op.api.moderation.hidePhoto({ photoId: hidden.id });

    const after = await owner.api.members.deletePhoto({ photoId: main.id });
    expect(after.photos.map((p) => [p.id, p.status, p.isMain])).toEqual([
      [next.id, "active", true],
      [hidden.id, "hidden", false],
    ]);
    expect((await cardOf(viewer.id, owner.id))?.mainImage?.url).toBe(next.url);
  });

  it("the database refuses a main photo that is not active", async () => {
    await setMode("pre");
    const owner = await member();
    const waiting = await upload(owner, "#aa2");
    await expect(
      sql`update photos set is_main = true where id = ${waiting.id}`.execute(t.server.deps.db),
    ).rejects.toThrow(/photos_main_is_active/);
  });
});

describe("F2: operators see private photos in the review queue", () => {
  it("a private photo, pending or live, comes with URLs bound to the operator; no one else can use them", async () => {
    const [owner, op, premium] = await Promise.all([member(), operator(), member({ paid: true })]);
    await upload(owner, "#36c");
    const live = await upload(owner, "#c63", true);
    await setMode("pre");
    const waiting = await upload(owner, "#6c3", true);

    const queued = (await op.api.moderation.queue({ limit: 200 })).photos;
    for (const photo of [live, waiting]) {
      const seen = queued.find((p) => p.id === photo.id)!;
      expect(seen).toMatchObject({ isPrivate: true });
      expect(seen.thumbUrl).toMatch(/^\/media\/p\/\d+\/thumb\?/);
      expect(seen.url).toMatch(/^\/media\/p\/\d+\/full\?/);
      expect(await statusOf(seen.thumbUrl, op)).toBe(200);
      expect(await statusOf(seen.url, op)).toBe(200);
      // Bound to the operator: another member (premium) or a visitor gets 404.
      expect(await statusOf(seen.url, premium)).toBe(404);
      expect(await statusOf(seen.url)).toBe(404);
    }
    // A member's own URL of a pending photo of someone else still answers 404.
    expect(await statusOf(privatePhotoUrl(t.server.deps.mediaUrlSecret, waiting.id, "full", premium.id), premium)).toBe(
      404,
    );
  });

  it("a report's copy of a profile shows its private photos to the operator, whenever the report is read", async () => {
    const [owner, reporter, op] = await Promise.all([member(), member({ paid: true }), operator()]);
    await upload(owner, "#3a3");
    const secret = await upload(owner, "#a33", true);
    await reporter.api.moderation.report({ subject: "profile", profileId: owner.id, reason: "fake_profile" });
    const queued = (await op.api.moderation.queue()).reports.find((r) => r.reported?.id === owner.id)!;
    const photos = (queued.snapshot as { profile: { photos: string[] } }).profile.photos;
    const copy = photos.find((u) => u.startsWith(`/media/p/${secret.id}/`))!;
    expect(copy).toBeDefined();
    expect(await statusOf(copy, op)).toBe(200);
    // What the report stored is the reporter's URL: the operator could not open it.
    const stored = (
      await t.server.deps.db
        .selectFrom("reports")
        .select("snapshot")
        .where("id", "=", queued.id)
        .executeTakeFirstOrThrow()
    ).snapshot as { profile: { photos: string[] } };
    const reporters = stored.profile.photos.find((u) => u.startsWith(`/media/p/${secret.id}/`))!;
    expect(await statusOf(reporters, op)).toBe(404);
  });
});

describe("F3: operators review neither their own photos nor another operator's", () => {
  it("answers FORBIDDEN and writes nothing", async () => {
    await setMode("pre");
    const [op, op2] = await Promise.all([operator(), operator()]);
    const own = await upload(op, "#c3c");
    const colleague = await upload(op2, "#3cc");

    const refusals = [
      [() => op.api.moderation.approvePhoto({ photoId: own.id }), "Operators cannot act on their own account."],
      [() => op.api.moderation.hidePhoto({ photoId: own.id }), "Operators cannot act on their own account."],
      [() => op.api.moderation.approvePhoto({ photoId: colleague.id }), "Operators cannot act on another operator."],
      [() => op.api.moderation.hidePhoto({ photoId: colleague.id }), "Operators cannot act on another operator."],
    ] as const;
    for (const [call, message] of refusals) {
      const err = await failureOf(call());
      expect(appCodeOf(err)).toBe("FORBIDDEN");
      expect(err.message).toBe(message);
    }
    expect(await photoRow(own.id)).toMatchObject({ status: "pending", is_main: false, reviewed_at: null });
    expect(await photoRow(colleague.id)).toMatchObject({ status: "pending", is_main: false, reviewed_at: null });
    expect(await statusOf(own.url, op)).toBe(200);
    // Only the grants from the command line are recorded about them.
    expect((await auditOf(op.id)).map((a) => a.action)).toEqual(["grant_operator"]);
    expect((await auditOf(op2.id)).map((a) => a.action)).toEqual(["grant_operator"]);
  });
});

describe("F4: an action closes only a report about the member acted on", () => {
  it("a report about someone else is refused with VALIDATION, and nothing is written", async () => {
    const [reporter, reported, bystander, op] = await Promise.all([member(), member(), member(), operator()]);
    const photo = await upload(bystander, "#cc3");
    const { id: reportId } = await reporter.api.moderation.report({
      subject: "profile",
      profileId: reported.id,
      reason: "spam",
    });

    const warn = await failureOf(op.api.moderation.warn({ userId: bystander.id, reportId, note: "wrong report" }));
    expect(appCodeOf(warn)).toBe("VALIDATION");
    const suspend = await failureOf(op.api.moderation.suspend({ userId: bystander.id, reportId }));
    expect(appCodeOf(suspend)).toBe("VALIDATION");
    const hide = await failureOf(op.api.moderation.hidePhoto({ photoId: photo.id, reportId }));
    expect(appCodeOf(hide)).toBe("VALIDATION");

    expect(await reportStatus(reportId)).toBe("open");
    expect(await auditOf(bystander.id)).toEqual([]);
    expect(await photoRow(photo.id)).toMatchObject({ status: "active", is_main: true });
    expect(await statusOf(photo.url)).toBe(200);
    expect((await bystander.api.accounts.me())?.id).toBe(bystander.id); // not suspended

    // The report about the member acted on is closed as before.
    await op.api.moderation.warn({ userId: reported.id, reportId });
    expect(await reportStatus(reportId)).toBe("actioned");
  });

  it("a photo action closes a report about the photo's owner", async () => {
    const [reporter, owner, op] = await Promise.all([member(), member(), operator()]);
    const photo = await upload(owner, "#3c3");
    const { id: reportId } = await reporter.api.moderation.report({
      subject: "profile",
      profileId: owner.id,
      reason: "offensive_photo",
    });
    await op.api.moderation.hidePhoto({ photoId: photo.id, reportId });
    expect(await reportStatus(reportId)).toBe("actioned");
  });
});

describe("F5: a private photo's URL dies with its owner's visibility", () => {
  async function ownerWithPrivatePhoto() {
    const [owner, viewer] = await Promise.all([member(), member({ paid: true })]);
    await upload(owner, "#c36");
    const secret = await upload(owner, "#63c", true);
    const seen = (await viewer.api.members.get({ id: owner.id })).photos.find((p) => p.id === secret.id)!;
    if (seen.locked) throw new Error("a premium member sees every photo");
    expect(await statusOf(seen.url, viewer)).toBe(200);
    return { owner, viewer, secret, viewerUrl: seen.url };
  }

  it("banned or suspended owner: 404", async () => {
    const op = await operator();
    const banned = await ownerWithPrivatePhoto();
    await op.api.moderation.ban({ userId: banned.owner.id });
    expect(await statusOf(banned.viewerUrl, banned.viewer)).toBe(404);

    const suspended = await ownerWithPrivatePhoto();
    await op.api.moderation.suspend({ userId: suspended.owner.id });
    expect(await statusOf(suspended.viewerUrl, suspended.viewer)).toBe(404);
    await op.api.moderation.reinstate({ userId: suspended.owner.id });
    expect(await statusOf(suspended.viewerUrl, suspended.viewer)).toBe(200);
  });

  it("invisible owner: 404 for others, the owner still sees their own photo", async () => {
    const { owner, viewer, secret, viewerUrl } = await ownerWithPrivatePhoto();
    await owner.api.safety.setInvisible({ invisible: true });
    expect(await statusOf(viewerUrl, viewer)).toBe(404);
    const own = (await owner.api.members.myPhotos()).photos.find((p) => p.id === secret.id)!;
    expect(await statusOf(own.url, owner)).toBe(200);
    expect(await statusOf(own.thumbUrl, owner)).toBe(200);
  });

  it("owner pending deletion: 404", async () => {
    const { owner, viewer, viewerUrl } = await ownerWithPrivatePhoto();
    await owner.api.accountDeletion.delete({ reason: "other", confirm: true });
    expect(await statusOf(viewerUrl, viewer)).toBe(404);
  });
});

describe("F7: a hidden photo's files", () => {
  it("its blurred copy is no longer public; approving it after all puts its files back", async () => {
    const [owner, free, op] = await Promise.all([member(), member(), operator()]);
    await upload(owner, "#933");
    const other = await upload(owner, "#393");
    const locked = (await free.api.members.get({ id: owner.id })).photos.find((p) => p.id === other.id)!;
    if (!locked.locked) throw new Error("a free member sees the other photos blurred");
    expect(await statusOf(locked.blurredUrl)).toBe(200);

    await op.api.moderation.hidePhoto({ photoId: other.id });
    expect(await statusOf(locked.blurredUrl)).toBe(404);
    expect(await statusOf(other.url)).toBe(404);
    expect(await statusOf(other.thumbUrl)).toBe(404);

    await op.api.moderation.approvePhoto({ photoId: other.id });
    const again = (await free.api.members.get({ id: owner.id })).photos.find((p) => p.id === other.id)!;
    if (!again.locked) throw new Error("a free member sees the other photos blurred");
    expect(await statusOf(again.blurredUrl)).toBe(200);
    const mine = (await owner.api.members.myPhotos()).photos.find((p) => p.id === other.id)!;
    expect(mine.status).toBe("active");
    expect(await statusOf(mine.url)).toBe(200);
  });

  it("the owner deleting a hidden photo deletes its files too (kept only until then); the decision stays in the audit", async () => {
    const [owner, op] = await Promise.all([member(), operator()]);
    await upload(owner, "#339");
    const bad = await upload(owner, "#933", true);
    await op.api.moderation.hidePhoto({ photoId: bad.id });
    const files = await photoRow(bad.id);

    const after = await owner.api.members.deletePhoto({ photoId: bad.id });
    expect(after.photos.map((p) => p.id)).not.toContain(bad.id);
    expect(after.count).toBe(1);
    const { privateMediaDir, mediaDir } = t.server.deps.config;
    for (const name of [files.filename, files.thumb_filename, files.blurred_filename]) {
      expect(fs.existsSync(path.join(privateMediaDir, name))).toBe(false);
      expect(fs.existsSync(path.join(mediaDir, name))).toBe(false);
    }
    expect((await op.api.moderation.queue()).audit.some((e) => e.action === "hide_photo" && e.photoId === bad.id)).toBe(
      true,
    );
  });
});
