import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/server.js";
import { appCodeOf, failureOf, memberFactory } from "../support/factories.js";
import { createCallerFactory } from "../../server/trpc/init.js";
import { createInnerContext } from "../../server/trpc/context.js";
import { appRouter } from "../../server/router.js";
import { clearSiteCache } from "../../server/features/site/site.service.js";
import { cleanSupportPhone, termsVersionDate } from "../../server/features/site/site-pages.service.js";
import { dailyLikeQuota } from "../../server/features/likes/likes.service.js";

/**
 * Issue 11, public face: the static pages' company details (§3 company info), the support phone
 * cleaned of dashes and spaces (§9), the terms version date (§9), the `{token}` pages (§2
 * /pages/{token}) and the daily like quota the swipe game shows (§8, §9). On PGlite and PostgreSQL.
 */
const t = useTestServer();
const member = memberFactory(t);

async function visitorIn(locale: string) {
  const ctx = await createInnerContext(t.server.deps, { locale, origin: "http://127.0.0.1" });
  return createCallerFactory(appRouter)(ctx);
}

async function defaultSiteId(): Promise<number> {
  const row = await t.server.deps.db
    .selectFrom("sites")
    .select("id")
    .where("is_default", "=", true)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("§9 support phone and terms version date", () => {
  it("the phone loses its dashes and spaces (no-break spaces too), nothing else", () => {
    expect(cleanSupportPhone("+31 20-000 0000")).toBe("+31200000000");
    expect(cleanSupportPhone(" 0800\u00a0-\u00a0123 45 ")).toBe("080012345");
    expect(cleanSupportPhone("")).toBe("");
  });

  it("the terms version date is 2023-12-01 12:00 UTC, or the company's added date when later", () => {
    expect(termsVersionDate("2020-05-01T00:00:00Z")).toBe("2023-12-01T12:00:00.000Z");
    expect(termsVersionDate("2023-12-01T11:59:59Z")).toBe("2023-12-01T12:00:00.000Z");
    expect(termsVersionDate("2025-03-04T08:30:00Z")).toBe("2025-03-04T08:30:00.000Z");
    expect(termsVersionDate("not a date")).toBe("2023-12-01T12:00:00.000Z");
  });
});

describe("site.company (§3 company info on the static pages)", () => {
  it("answers visitors the site's company details, the phone as written and cleaned for tel:", async () => {
    const db = t.server.deps.db;
    await db
      .updateTable("sites")
      .set({
        support_phone: "+31 20-123 45 67",
        company_tradenames: ["Amora", "Amora Chat"],
        company_vat_numbers: ["NL000000000B01"],
        company_added: "2026-02-03T10:00:00Z",
      })
      .where("is_default", "=", true)
      .execute();
    clearSiteCache(t.server.deps);
    const company = await (await visitorIn("en")).site.company();
    expect(company).toMatchObject({
      siteName: "Amora",
      name: "Amora Demo B.V.",
      address: "Demostraat 1",
      registrationNumber: "00000000",
      tradenames: ["Amora", "Amora Chat"],
      vatNumbers: ["NL000000000B01"],
      supportPhone: "+31 20-123 45 67",
      supportPhoneTel: "+31201234567",
      termsVersionDate: "2026-02-03T10:00:00.000Z",
    });
    expect(company.supportPhoneTel).not.toMatch(/[\s-]/);
  });
});

describe("site.page (§2 /pages/{token})", () => {
  it("serves a seeded page in English with its blocks; the company block stays a placeholder", async () => {
    const page = await (await visitorIn("en")).site.page({ token: "about" });
    expect(page).toMatchObject({ token: "about", language: "en", title: "About us" });
    expect(page.blocks.map((b) => b.type)).toEqual(["paragraph", "heading", "list", "heading", "company"]);
  });

  it("serves the visitor's language when the site wrote it, else falls back to English", async () => {
    const siteId = await defaultSiteId();
    await t.server.deps.db
      .insertInto("site_pages")
      .values({
        site_id: siteId,
        token: "about",
        language: "de",
        title: "Über uns",
        blocks: JSON.stringify([{ type: "paragraph", text: "Wir betreiben eine Dating-Seite." }]),
      })
      .execute();
    const german = await (await visitorIn("de")).site.page({ token: "about" });
    expect(german).toMatchObject({ language: "de", title: "Über uns" });
    const french = await (await visitorIn("fr")).site.page({ token: "about" });
    expect(french).toMatchObject({ language: "en", title: "About us" });
  });

  it("leaves out a stored block that is not a page block, keeps the rest", async () => {
    const siteId = await defaultSiteId();
    await t.server.deps.db
      .insertInto("site_pages")
      .values({
        site_id: siteId,
        token: "odd-page",
        language: "en",
        title: "Odd",
        blocks: JSON.stringify([
          { type: "html", html: "<script>alert(1)</script>" },
          { type: "list", items: [] },
          { type: "paragraph", text: "Still here." },
        ]),
      })
      .execute();
    const page = await (await visitorIn("en")).site.page({ token: "odd-page" });
    expect(page.blocks).toEqual([{ type: "paragraph", text: "Still here." }]);
  });

  it("an unknown token is NOT_FOUND; a malformed one is refused before any query", async () => {
    const api = await visitorIn("en");
    expect(appCodeOf(await failureOf(api.site.page({ token: "no-such-page" })))).toBe("NOT_FOUND");
    for (const token of ["", "About", "../etc/passwd", "a".repeat(65), "-x", "a b"]) {
      expect(appCodeOf(await failureOf(api.site.page({ token }))), token).toBe("VALIDATION");
    }
  });
});

describe("likes.quota (§8, §9: the swipe game's daily likes)", () => {
  it("a free member starts with 4, each like takes one, the 5th is refused and the quota says 0", async () => {
    const me = await member();
    const others = await Promise.all([1, 2, 3, 4, 5].map(() => member()));
    const start = await me.api.likes.quota();
    expect(start).toMatchObject({ limit: 4, left: 4 });
    expect(start!.secondsUntilReset).toBeGreaterThan(0);
    expect(start!.secondsUntilReset).toBeLessThanOrEqual(86_400);
    for (const o of others.slice(0, 4)) await me.api.likes.like({ profileId: o.id });
    expect(await me.api.likes.quota()).toMatchObject({ left: 0 });
    expect(appCodeOf(await failureOf(me.api.likes.like({ profileId: others[4]!.id })))).toBe("DAILY_LIKES_EXHAUSTED");
    expect(await me.api.likes.quota()).toMatchObject({ left: 0 });
  });

  it("renews at 00:00 UTC: the seconds left count down to the next UTC midnight", async () => {
    const me = await member();
    const q = await dailyLikeQuota(t.server.deps, { id: me.id, paidUser: false }, new Date("2026-11-25T23:59:30Z"));
    expect(q).toEqual({ limit: 4, left: 4, secondsUntilReset: 30 });
  });

  it("a premium member has no daily limit (null)", async () => {
    const rich = await member({ paid: true });
    expect(await rich.api.likes.quota()).toBeNull();
  });

  it("a visitor has no quota to read", async () => {
    expect(appCodeOf(await failureOf((await visitorIn("en")).likes.quota()))).toBe("AUTHENTICATION_REQUIRED");
  });
});
