import { sql, type KyselyPlugin } from "kysely";
import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/server.js";
import { clearSiteCache, getSiteForHost } from "../../server/features/site/site.service.js";
import { call, visitor } from "./support/legacy.js";

// Behind a proxy, the client address comes from X-Forwarded-For (geoip_country).
const t = useTestServer({ env: { TRUST_PROXY: "1" } });

async function addSite() {
  await t.server.deps.db
    .insertInto("sites")
    .values({
      name: "Liefde",
      domain: "liefde.test",
      extra_hosts: sql`array['www.liefde.test']::text[]` as never,
      domain_language: "nl",
      countries: sql`array['NL','BE']::text[]` as never,
      signups: "with_trafficsource",
      logged_out_search: "other",
      message_credits: 12,
      refund_days: 30,
      company_name: "Liefde B.V.",
      company_city: "Utrecht",
    })
    .onConflict((oc) => oc.column("domain").doNothing())
    .execute();
  clearSiteCache(t.server.deps);
}

describe("GET /api/settings.php", () => {
  it("answers the default site's §3 settings for localhost, without geoip for a loopback client", async () => {
    const r = await call(visitor(t.server), "GET", "/api/settings.php");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      name: "Amora",
      domain: "localhost",
      signups: "all",
      message_credits: 10,
      message_length: 1000,
      geoip_country: null,
    });
    expect(r.headers.get("cache-control")).toBe("private, no-cache");
  });

  it("chooses the site by the request host (and its extra hosts), or by the forced host", async () => {
    await addSite();
    for (const host of ["liefde.test", "WWW.liefde.test:8443"]) {
      const r = await call(visitor(t.server), "GET", "/api/settings.php", { headers: { host } });
      expect(r.body).toMatchObject({
        name: "Liefde",
        domain: "liefde.test",
        domain_language: "nl",
        countries: ["NL", "BE"],
        signups: "with_trafficsource",
        logged_out_search: "other",
        message_credits: 12,
        refund_days: 30,
      });
    }
    const forced = await call(visitor(t.server), "GET", "/api/settings.php", {
      query: { host: "liefde.test", network: "abc", sub1: "x" },
    });
    expect(forced.body.name).toBe("Liefde");
    const unknown = await call(visitor(t.server), "GET", "/api/settings.php", { headers: { host: "unknown.example" } });
    expect(unknown.body.name).toBe("Amora");
  });

  it("finds the client's country with the offline GeoIP database, and takes the selected country", async () => {
    const de = await call(visitor(t.server), "GET", "/api/settings.php", {
      headers: { "x-forwarded-for": "81.169.145.1" },
    });
    expect(de.body.geoip_country).toBe("DE");
    expect(de.body.geoip_selected_country).toBe("DE");
    const chosen = await call(visitor(t.server), "GET", "/api/settings.php", {
      headers: { "x-forwarded-for": "81.169.145.1" },
      query: { country: "nl" },
    });
    expect(chosen.body).toMatchObject({ geoip_country: "DE", geoip_selected_country: "NL" });
  });

  it("refuses a bad country or host (400)", async () => {
    // "ıa" and "ß" upper-case to "IA" and "SS": a code is checked as sent.
    const notCodes = [{ country: "Netherlands" }, { country: "1" }, { country: "ıa" }, { country: "ß" }];
    for (const query of [...notCodes, { host: "bad host/../" }] as Array<Record<string, string>>) {
      const r = await call(visitor(t.server), "GET", "/api/settings.php", { query });
      expect(r.status, JSON.stringify(query)).toBe(400);
      expect(r.body.error).toBe("validation");
    }
  });
  it("reads the sites once, however many made-up hosts ask (no query, no cache entry per Host)", async () => {
    await addSite();
    // The same database, seen through a plugin that counts the statements it is given.
    let statements = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        statements += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const deps = { db: t.server.deps.db.withPlugin(counting) };
    expect((await getSiteForHost(deps, "liefde.test")).name).toBe("Liefde");
    expect(statements).toBe(1);
    for (let i = 0; i < 200; i++) {
      expect((await getSiteForHost(deps, `probe-${i}.example`)).name).toBe("Amora");
    }
    expect((await getSiteForHost(deps, "WWW.Liefde.test.")).name).toBe("Liefde");
    expect((await getSiteForHost(deps, "bad host/../")).name).toBe("Amora");
    expect(statements).toBe(1);
  });
});

describe("GET /api/geocode.php", () => {
  it.each([
    [52.3676, 4.9041, "Amsterdam", "NL", "North Holland"],
    [48.1371, 11.5754, "Munich", "DE", "Bavaria"],
    [52.2297, 21.0122, "Warsaw", "PL", "Mazovia"],
    [40.4168, -3.7038, "Madrid", "ES", "Madrid"],
  ])("finds the city, region and country near (%f, %f): %s", async (lat, lon, city, country, region) => {
    const r = await call(visitor(t.server), "GET", "/api/geocode.php", {
      query: { lat: String(lat), lon: String(lon) },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ city, country });
    expect(r.body.region).toContain(region);
    expect(r.body.distance_km).toBeLessThan(10);
  });

  it.each([
    ["a missing lon", { lat: "52" }],
    ["text", { lat: "north", lon: "4" }],
    ["a latitude beyond 90", { lat: "91", lon: "4" }],
    ["a longitude beyond 180", { lat: "10", lon: "-180.5" }],
    ["an exponent", { lat: "1e1", lon: "4" }],
    ["NaN", { lat: "NaN", lon: "4" }],
    ["Infinity", { lat: "Infinity", lon: "4" }],
  ])("answers 400 with a reason for %s", async (_label, query) => {
    const r = await call(visitor(t.server), "GET", "/api/geocode.php", { query });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("validation");
    expect(r.body.message).toMatch(/lat|lon/);
  });

  it("answers 404 in the middle of an ocean", async () => {
    const r = await call(visitor(t.server), "GET", "/api/geocode.php", { query: { lat: "-40", lon: "-120" } });
    expect(r.status).toBe(404);
  });
});

describe("GET /api/interests.php", () => {
  it("lists about 50 interests, each named in the seven languages, the name in lang", async () => {
    const r = await call(visitor(t.server), "GET", "/api/interests.php", { query: { lang: "de" } });
    expect(r.status).toBe(200);
    expect(r.body.interests.length).toBeGreaterThanOrEqual(45);
    const kissing = r.body.interests.find((i: { id: string }) => i.id === "kissing");
    expect(kissing).toEqual({
      id: "kissing",
      name: "Küssen",
      names: expect.objectContaining({ en: "Kissing", de: "Küssen", pl: "Całowanie" }),
    });
    const en = await call(visitor(t.server), "GET", "/api/interests.php");
    expect(en.body.interests.find((i: { id: string }) => i.id === "kissing").name).toBe("Kissing");
  });

  it("is cacheable: Cache-Control, ETag, 304 on If-None-Match", async () => {
    const r = await call(visitor(t.server), "GET", "/api/interests.php");
    expect(r.headers.get("cache-control")).toBe("public, max-age=3600, must-revalidate");
    const etag = r.headers.get("etag");
    expect(etag).toMatch(/^"/);
    const again = await call(visitor(t.server), "GET", "/api/interests.php", { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
    const other = await call(visitor(t.server), "GET", "/api/interests.php", { query: { lang: "fr" } });
    expect(other.headers.get("etag")).not.toBe(etag);
  });

  it("refuses an unknown language (400)", async () => {
    expect((await call(visitor(t.server), "GET", "/api/interests.php", { query: { lang: "xx" } })).status).toBe(400);
  });
});

describe("GET /api/regions.php", () => {
  it("lists each of the site's countries with its regions and region word", async () => {
    const r = await call(visitor(t.server), "GET", "/api/regions.php");
    expect(r.status).toBe(200);
    const byCountry = new Map(r.body.countries.map((c: { country: string }) => [c.country, c]));
    expect(byCountry.size).toBe(15);
    expect(byCountry.get("CH")).toMatchObject({ region_word: "canton", region_word_names: { de: "Kanton" } });
    expect(byCountry.get("PL")).toMatchObject({ region_word: "voivodeship", region_word_names: { pl: "Województwo" } });
    expect(byCountry.get("NL")).toMatchObject({ region_word: "province" });
    expect(byCountry.get("US")).toMatchObject({ region_word: "state" });
    expect((byCountry.get("NL") as { regions: string[] }).regions).toContain("Noord-Holland");
  });

  it("answers one country, by host the site's countries only, and is cacheable", async () => {
    const one = await call(visitor(t.server), "GET", "/api/regions.php", { query: { country: "de" } });
    expect(one.body.countries.map((c: { country: string }) => c.country)).toEqual(["DE"]);
    await addSite();
    const liefde = await call(visitor(t.server), "GET", "/api/regions.php", { headers: { host: "liefde.test" } });
    expect(liefde.body.countries.map((c: { country: string }) => c.country)).toEqual(["NL", "BE"]);
    const etag = one.headers.get("etag")!;
    expect(one.headers.get("cache-control")).toBe("public, max-age=3600, must-revalidate");
    expect(
      (
        await call(visitor(t.server), "GET", "/api/regions.php", {
          query: { country: "DE" },
          headers: { "if-none-match": etag },
        })
      ).status,
    ).toBe(304);
  });

  it("answers 400 for a malformed country and 404 for one it does not know", async () => {
    expect((await call(visitor(t.server), "GET", "/api/regions.php", { query: { country: "Germany" } })).status).toBe(
      400,
    );
    expect((await call(visitor(t.server), "GET", "/api/regions.php", { query: { country: "ZZ" } })).status).toBe(404);
  });
});

describe("GET /api/companyinfo.php", () => {
  it("answers the §3 company info of the host's site, cacheable with an ETag", async () => {
    const r = await call(visitor(t.server), "GET", "/api/companyinfo.php");
    expect(r.status).toBe(200);
    expect(r.body.companyinfo).toMatchObject({
      name: "Amora Demo B.V.",
      country: "NL",
      tradenames: ["Amora"],
      added: "2023-12-01T12:00:00.000Z",
    });
    expect(r.headers.get("cache-control")).toBe("public, max-age=3600, must-revalidate");
    const etag = r.headers.get("etag")!;
    expect(
      (await call(visitor(t.server), "GET", "/api/companyinfo.php", { headers: { "if-none-match": etag } })).status,
    ).toBe(304);
    await addSite();
    const liefde = await call(visitor(t.server), "GET", "/api/companyinfo.php", { headers: { host: "liefde.test" } });
    expect(liefde.body.companyinfo).toMatchObject({ name: "Liefde B.V.", city: "Utrecht" });
    expect(liefde.headers.get("etag")).not.toBe(etag);
  });
});
