import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { stringifyCookie } from "cookie";
import { useTestServer, type TestServer } from "../support/server.js";
import { TestBrowser } from "../support/client.js";
import { appCodeOf, failureOf, memberFactory, signupFields } from "../support/factories.js";
import { TRACKING_COOKIE_NAME } from "../../server/features/tracking/tracking.service.js";
import { clearSiteCache } from "../../server/features/site/site.service.js";
import { grantOperator } from "../../server/features/moderation/moderation.service.js";

/**
 * §3 site settings acted on (issue 11): the `signups` policy (§4 "Signups are open when the setting
 * is 'all', or 'with_trafficsource' and a traffic source exists"; otherwise the invite-only mode),
 * and logged-out search (§4 "visible if logged in, or either logged-out-search setting is not
 * 'none' (the traffic-source one needs a traffic source)"), with the one visibility rule.
 */
const t = useTestServer();
const member = memberFactory(t, { country: "BE" });

/** Change the default site's settings (and forget the cached copy, as an operator's edit would within 30 s). */
async function setSite(server: TestServer, settings: Record<string, string>) {
  await server.deps.db
    .updateTable("sites")
    .set(settings as never)
    .where("is_default", "=", true)
    .execute();
  clearSiteCache(server.deps);
}

/** A visitor whose browser carries a tracking record (the `tracking` cookie as client/lib/tracking.ts writes it). */
function visitorWithTracking(server: TestServer, record: string | null): TestBrowser {
  const b = new TestBrowser(server);
  if (record) {
    const header = stringifyCookie({ [TRACKING_COOKIE_NAME]: record });
    b.cookies.set(TRACKING_COOKIE_NAME, header.slice(TRACKING_COOKIE_NAME.length + 1));
  }
  return b;
}

async function usersWithEmail(email: string): Promise<number> {
  const rows = await t.server.deps.db
    .selectFrom("users")
    .select("id")
    .where("email", "=", email.toLowerCase())
    .execute();
  return rows.length;
}

describe("§4 signups policy (invite-only mode)", () => {
  const cases: Array<{ signups: string; tracking: string | null; open: boolean }> = [
    { signups: "all", tracking: null, open: true },
    { signups: "with_trafficsource", tracking: null, open: false },
    { signups: "with_trafficsource", tracking: "network=affnet", open: true },
    { signups: "with_trafficsource", tracking: "ref=partner-7&sub1=x", open: true },
    { signups: "with_trafficsource", tracking: "sub1=x&sub2=y", open: false }, // sub-ids alone are no source
    { signups: "other", tracking: null, open: false },
    { signups: "other", tracking: "network=affnet&ref=r1", open: false },
  ];
  for (const c of cases) {
    it(`signups '${c.signups}', ${c.tracking ? `tracking ${c.tracking}` : "no traffic source"}: ${c.open ? "open" : "refused, nothing stored"}`, async () => {
      await setSite(t.server, { signups: c.signups });
      try {
        const visitor = visitorWithTracking(t.server, c.tracking);
        expect((await visitor.trpc.site.visitor.query()).signupsOpen).toBe(c.open);
        const fields = signupFields();
        if (c.open) {
          const user = await visitor.trpc.accounts.signup.mutate(fields);
          expect(user.email).toBe(fields.email);
          expect(await usersWithEmail(fields.email)).toBe(1);
        } else {
          const err = await failureOf(visitor.trpc.accounts.signup.mutate(fields));
          expect(appCodeOf(err)).toBe("SIGNUPS_CLOSED");
          expect(err.message).toBe("Signing up is by invitation only on this site.");
          expect((err as { data?: { httpStatus?: number } }).data?.httpStatus).toBe(403);
          expect(await usersWithEmail(fields.email)).toBe(0);
          // No session either: the visitor is still a visitor.
          expect(await visitor.trpc.accounts.me.query()).toBeNull();
        }
      } finally {
        await setSite(t.server, { signups: "all" });
      }
    });
  }
});

describe("§4 logged-out search", () => {
  /** Visible members, and members hidden by the one visibility rule (unconfirmed, invisible, suspended). */
  async function population(country: string) {
    // `country` is the test's own, so the search lists only these members.
    const [a, b, unconfirmed, invisible, suspended, op] = await Promise.all([
      member({ country }),
      member({ country }),
      member({ country, confirmed: false }),
      member({ country }),
      member({ country }),
      member({ country: "NL" }),
    ]);
    await invisible.api.safety.setInvisible({ invisible: true });
    await grantOperator(t.server.deps, op.email);
    await op.api.moderation.suspend({ userId: suspended.id });
    return { country, visible: [a.id, b.id].sort(byNumber), hidden: [unconfirmed.id, invisible.id, suspended.id], a };
  }

  const byNumber = (x: number, y: number) => x - y;
  const searchAs = (b: TestBrowser, country: string) =>
    b.trpc.members.search.query({ country, pageSize: 50 }).then((r) => r.items);

  it("closed to visitors when both settings are 'none' (403 authentication_required); a member searches", async () => {
    await setSite(t.server, { logged_out_search: "none", logged_out_search_trafficsource: "none" });
    const { country, visible, a } = await population("CH");
    for (const tracking of [null, "network=affnet"]) {
      const visitor = visitorWithTracking(t.server, tracking);
      expect((await visitor.trpc.site.visitor.query()).loggedOutSearch).toBe(false);
      const err = await failureOf(searchAs(visitor, country));
      expect(appCodeOf(err)).toBe("AUTHENTICATION_REQUIRED");
    }
    const ids = (await a.api.members.search({ country, pageSize: 50 })).items.map((p) => p.id);
    expect(ids).toEqual(visible.filter((id) => id !== a.id));
  });

  it("open to visitors when logged_out_search is not 'none': visible members only, public main photos", async () => {
    await setSite(t.server, { logged_out_search: "other", logged_out_search_trafficsource: "none" });
    try {
      const { country, visible, hidden } = await population("AT");
      const visitor = new TestBrowser(t.server);
      expect((await visitor.trpc.site.visitor.query()).loggedOutSearch).toBe(true);
      const items = await searchAs(visitor, country);
      expect(items.map((p) => p.id).sort(byNumber)).toEqual(visible);
      for (const id of hidden) expect(items.map((p) => p.id)).not.toContain(id);
      // Only public main photos reach a visitor (private photos live under /media/p/, never public).
      for (const p of items) if (p.mainImage) expect(p.mainImage.url).not.toMatch(/\/media\/p\//);
      // When a member was last active is for members: no presence, no cursor (it holds that time).
      expect(items.map((p) => p.lastActive).filter((v) => v !== null)).toEqual([]);
      const paged = await visitor.trpc.members.search.query({ country, pageSize: 1 });
      expect(paged).toMatchObject({ hasMore: true, nextCursor: null });
    } finally {
      await setSite(t.server, { logged_out_search: "none" });
    }
  });

  it("logged_out_search_trafficsource: open only to a visitor who came with a traffic source", async () => {
    await setSite(t.server, { logged_out_search: "none", logged_out_search_trafficsource: "other" });
    try {
      const { country, visible, hidden } = await population("IE");
      const plain = new TestBrowser(t.server);
      expect((await plain.trpc.site.visitor.query()).loggedOutSearch).toBe(false);
      expect(appCodeOf(await failureOf(searchAs(plain, country)))).toBe("AUTHENTICATION_REQUIRED");

      const tracked = visitorWithTracking(t.server, "network=affnet&ref=r9");
      expect((await tracked.trpc.site.visitor.query()).loggedOutSearch).toBe(true);
      const ids = (await searchAs(tracked, country)).map((p) => p.id);
      expect(ids.sort(byNumber)).toEqual(visible);
      for (const id of hidden) expect(ids).not.toContain(id);
    } finally {
      await setSite(t.server, { logged_out_search_trafficsource: "none" });
    }
  });
});

describe("§4 logged-out search is limited per client address (search_ip)", () => {
  const limited = useTestServer({
    env: {
      RATE_LIMIT_SEARCH_IP: "3/3600",
      REDIS_CHANNEL_PREFIX: `site-policy-${crypto.randomBytes(4).toString("hex")}:`,
    },
  });

  it("a visitor's fourth search in the window answers 429 with Retry-After; members are not counted", async () => {
    await setSite(limited.server, { logged_out_search: "other" });
    const visitor = new TestBrowser(limited.server);
    for (let i = 0; i < 3; i++) await visitor.trpc.members.search.query({});
    const res = await visitor.fetch(`/trpc/members.search?input=${encodeURIComponent("{}")}`);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = (await res.json()) as { error?: { data?: { appCode?: string } } };
    expect(body.error?.data?.appCode).toBe("RATE_LIMITED");

    const m = await memberFactory(limited)();
    const browser = TestBrowser.withSession(limited.server, m);
    for (let i = 0; i < 5; i++) await browser.trpc.members.search.query({});
  });
});
