import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/server.js";
import { TestBrowser } from "../support/client.js";
import { addPhoto } from "../support/payments.js";
import { appCodeOf, callerFor, failureOf, memberFactory } from "../support/factories.js";
import { grantOperator } from "../../server/features/moderation/moderation.service.js";
import { isAppRoute } from "../../client/app/paths.js";
import { siteEntryWarning } from "../../server/features/site/site-entry.service.js";

/**
 * Landers (issue 11, §2 /landers/*, /members/{id}/landing…): visitors see real members' public
 * photos, and only of members the one visibility rule (§4) shows to anyone. Every hidden kind is
 * made here and must be absent from landers.photos and answer NOT_FOUND from landers.member.
 */
const t = useTestServer();
const member = memberFactory(t);

describe("landers show only visible members to visitors", () => {
  it("landers.photos and landers.member leave out every hidden kind; fictional ones keep their flag", async () => {
    const withPhoto = async (opts: Parameters<typeof member>[0] = {}) => {
      const m = await member(opts);
      await addPhoto(t.server, m.id, { isMain: true });
      return m;
    };
    const op = await member();
    await grantOperator(t.server.deps, op.email);
    const opApi = await callerFor(t.server.deps, op);

    const visible = await withPhoto({ gender: "female" });
    const visibleMale = await withPhoto({ gender: "male" });
    const fictional = await withPhoto({ gender: "female" });
    await t.server.deps.db.updateTable("profiles").set({ fictional: true }).where("id", "=", fictional.id).execute();
    const noPhoto = await member();
    const unconfirmed = await withPhoto({ confirmed: false });
    const invisible = await withPhoto();
    await invisible.api.safety.setInvisible({ invisible: true });
    const suspended = await withPhoto();
    await opApi.moderation.suspend({ userId: suspended.id });
    const banned = await withPhoto();
    await opApi.moderation.ban({ userId: banned.id });
    const deleting = await withPhoto();
    await deleting.api.accountDeletion.delete({ reason: "other", remarks: "bye", confirm: true });

    const visitor = new TestBrowser(t.server);
    const { items } = await visitor.trpc.landers.photos.query({ count: 24 });
    const ids = items.map((c) => c.id).sort((a, b) => a - b);
    expect(ids).toEqual([visible.id, visibleMale.id, fictional.id].sort((a, b) => a - b));
    for (const card of items) {
      expect(card.mainImage?.thumbUrl).toMatch(/^\/media\//);
      expect(card).not.toHaveProperty("lastActive");
    }
    expect(items.find((c) => c.id === fictional.id)?.fictional).toBe(true);
    expect(items.find((c) => c.id === visible.id)?.fictional).toBe(false);

    const women = await visitor.trpc.landers.photos.query({ count: 24, gender: "female" });
    expect(women.items.map((c) => c.id).sort((a, b) => a - b)).toEqual(
      [visible.id, fictional.id].sort((a, b) => a - b),
    );
    expect((await visitor.trpc.landers.photos.query({ count: 1 })).items).toHaveLength(1);
    // The newest active members have no photo yet (new sign-ups): the cards asked for are still
    // found among older members (it once read 4 candidates per card and filtered after: empty).
    const newcomers = await Promise.all(Array.from({ length: 6 }, () => member()));
    await t.server.deps.db
      .updateTable("profiles")
      .set({ last_active: new Date(Date.now() + 60_000) })
      .where(
        "id",
        "in",
        newcomers.map((m) => m.id),
      )
      .execute();
    const one = await visitor.trpc.landers.photos.query({ count: 1 });
    expect(one.items).toHaveLength(1);
    expect([visible.id, visibleMale.id, fictional.id]).toContain(one.items[0]?.id);

    expect((await visitor.trpc.landers.member.query({ id: visible.id })).name).toBe(visible.name);
    for (const hidden of [unconfirmed, invisible, suspended, banned, deleting]) {
      expect(
        appCodeOf(await failureOf(visitor.trpc.landers.member.query({ id: hidden.id }))),
        `member ${hidden.id}`,
      ).toBe("NOT_FOUND");
    }
    expect(appCodeOf(await failureOf(visitor.trpc.landers.member.query({ id: 2_000_000_000 })))).toBe("NOT_FOUND");
    // A member without a photo still has a landing page (a placeholder shows instead of the photo).
    expect((await visitor.trpc.landers.member.query({ id: noPhoto.id })).mainImage).toBeNull();
  });

  it("refuses out-of-range input with VALIDATION", async () => {
    const visitor = new TestBrowser(t.server);
    expect(appCodeOf(await failureOf(visitor.trpc.landers.photos.query({ count: 25 })))).toBe("VALIDATION");
    expect(appCodeOf(await failureOf(visitor.trpc.landers.photos.query({ count: 0 })))).toBe("VALIDATION");
    expect(appCodeOf(await failureOf(visitor.trpc.landers.member.query({ id: -1 })))).toBe("VALIDATION");
    expect(appCodeOf(await failureOf(visitor.trpc.landers.pageBounce.mutate({ path: "/<script>", seconds: 3 })))).toBe(
      "VALIDATION",
    );
    expect(await visitor.trpc.landers.pageBounce.mutate({ path: "/landers/gallery", seconds: 3 })).toEqual({
      ok: true,
    });
    // A slug in another script, as location.pathname gives it.
    expect(await visitor.trpc.landers.pageBounce.mutate({ path: "/landers/gallery/m%C3%BCnchen", seconds: 3 })).toEqual(
      {
        ok: true,
      },
    );
    expect(appCodeOf(await failureOf(visitor.trpc.landers.pageBounce.mutate({ path: "/x%zz", seconds: 3 })))).toBe(
      "VALIDATION",
    );
  });
});

describe("site-entry warning (§4): what the server decides", () => {
  it("is shown to visitors, not to members; the country-limited version only for NL and DE addresses", async () => {
    const visitor = new TestBrowser(t.server);
    // The test client connects from 127.0.0.1: no country, so only the general version.
    expect(await visitor.trpc.site.entryWarning.query()).toEqual({ show: true, showCountryLimited: false });
    const m = await member();
    const api = await callerFor(t.server.deps, m);
    expect(await api.site.entryWarning()).toEqual({ show: false, showCountryLimited: false });
  });
});

describe("site-entry warning (§4): the country-restricted version by GeoIP", () => {
  it("applies to addresses in NL and DE only, and never when the site setting is 'no'", async () => {
    const site = { enable_site_entry_popup: "yes" };
    expect(await siteEntryWarning(site, false, "5.9.0.1")).toEqual({ show: true, showCountryLimited: true }); // DE
    expect(await siteEntryWarning(site, false, "145.100.0.1")).toEqual({ show: true, showCountryLimited: true }); // NL
    expect(await siteEntryWarning(site, false, "8.8.8.8")).toEqual({ show: true, showCountryLimited: false }); // US
    expect(await siteEntryWarning(site, false, null)).toEqual({ show: true, showCountryLimited: false });
    expect(await siteEntryWarning(site, true, "5.9.0.1")).toEqual({ show: false, showCountryLimited: false });
    expect(await siteEntryWarning({ enable_site_entry_popup: "no" }, false, "5.9.0.1")).toEqual({
      show: false,
      showCountryLimited: false,
    });
  });
});

describe("lander routes are app routes (the server's 404 logic)", () => {
  it("covers the §2 lander patterns and nothing else under /landers", () => {
    for (const path of [
      "/landers/adultonly",
      "/landers/tinderswipe",
      "/landers/whoneedsstrings",
      "/landers/gallery",
      "/landers/gallery/women",
      "/landers/alonetonight/tonight",
      "/landers/collagelanding",
      "/landers/iconslanding/x",
      "/landers/maplanding",
      "/landers/socialnetwork/local",
      "/landers/transitionsvideolanding",
      "/landers/video/chat",
      "/members/12/landing",
      "/members/12/signup",
      "/members/12/landing2",
      "/members/12/landing2/women",
      "/members/12/landing3/x",
    ]) {
      expect(isAppRoute(path), path).toBe(true);
    }
    for (const path of [
      "/landers/nope",
      "/landers",
      "/landers/adultonly/x",
      "/landers/gallery/a/b",
      "/members/12/landing/x",
    ]) {
      expect(isAppRoute(path), path).toBe(false);
    }
  });
});
