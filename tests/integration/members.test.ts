import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { useTestServer } from "../support/server.js";
import { appCodeOf, callerFor, failureOf, setPremium, memberFactory } from "../support/factories.js";

const t = useTestServer();

const member = memberFactory(t);

/** Give a member a main photo, an open extra and a private one (file names as the seed makes them). */
async function addPhotos(profileId: number) {
  const rows = [
    { is_main: true, is_private: false, position: 0 },
    { is_main: false, is_private: false, position: 1 },
    { is_main: false, is_private: true, position: 2 },
  ].map((r, i) => ({
    ...r,
    profile_id: profileId,
    filename: `full-${profileId}-${i}.webp`,
    thumb_filename: `thumb-${profileId}-${i}.webp`,
    blurred_filename: `blur-${profileId}-${i}.webp`,
  }));
  await t.server.deps.db.insertInto("photos").values(rows).execute();
}

describe("member search (§2 /members)", () => {
  it("finds visible members by gender, country and age, newest active first, never the searcher", async () => {
    const country = "PL";
    const viewer = await member({ gender: "male", country });
    const older = await member({ gender: "female", country });
    const newer = await member({ gender: "female", country });
    const hidden = await member({ gender: "female", country, confirmed: false }); // not confirmed: not visible
    await member({ gender: "male", country });
    await t.server.deps.db
      .updateTable("profiles")
      .set({ last_active: sql`now() - interval '2 days'` })
      .where("id", "=", older.id)
      .execute();

    const found = await viewer.api.members.search({ gender: "female", country, page: 1, pageSize: 50 });
    const ids = found.items.map((p) => p.id);
    expect(ids).toContain(newer.id);
    expect(ids).toContain(older.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(viewer.id);
    expect(found.items.every((p) => p.gender === "female" && p.country === country)).toBe(true);

    // Ages: the factory's members are adults of one default age; a range that excludes it finds none of them.
    const age = found.items.find((p) => p.id === newer.id)!.age;
    const inRange = await viewer.api.members.search({
      gender: "female",
      country,
      minAge: age,
      maxAge: age,
      page: 1,
      pageSize: 50,
    });
    expect(inRange.items.map((p) => p.id)).toContain(newer.id);
    const outOfRange = await viewer.api.members.search({
      gender: "female",
      country,
      minAge: Math.min(age + 1, 98),
      maxAge: 99,
      page: 1,
      pageSize: 50,
    });
    expect(outOfRange.items.map((p) => p.id)).not.toContain(newer.id);
  });

  it("pages forward by keyset cursor: the same pages as by number, none skipped or doubled (issue 13)", async () => {
    const country = "IE";
    const viewer = await member({ gender: "male", country });
    const women = [];
    for (let i = 0; i < 8; i++) women.push(await member({ gender: "female", country }));
    // Ties and microsecond steps: three share one instant (ordered by id), two differ by 1 µs only
    // (a cursor rounded to the millisecond of a JS Date would skip or repeat them).
    const at = ["2026-01-01 10:00:00.000005+00", "2026-01-01 10:00:00.000004+00"];
    const stamps = [at[0], at[0], at[0], at[1], "2026-01-01 09:00:00+00", null, null, null];
    for (const [i, w] of women.entries()) {
      if (stamps[i])
        await t.server.deps.db
          .updateTable("profiles")
          .set({ last_active: sql`${stamps[i]}::text::timestamptz` }) // as text: a Date would drop the µs
          .where("id", "=", w.id)
          .execute();
    }
    const filters = { gender: "female" as const, country, pageSize: 3 };
    const byNumber = [];
    for (let page = 1; page <= 3; page++)
      byNumber.push((await viewer.api.members.search({ ...filters, page })).items.map((p) => p.id));
    const byCursor = [];
    let after: string | undefined;
    for (let page = 1; page <= 3; page++) {
      const res = await viewer.api.members.search({ ...filters, page, after });
      byCursor.push(res.items.map((p) => p.id));
      expect(res.page).toBe(page);
      expect(res.nextCursor === null).toBe(page === 3);
      after = res.nextCursor ?? undefined;
    }
    expect(byCursor).toEqual(byNumber);
    expect(byCursor.flat().sort()).toEqual(women.map((w) => w.id).sort());
    // Newest active first; the tie ordered by id, highest first.
    const tail = byCursor.flat().slice(3);
    expect(tail).toEqual([
      ...[women[0]!.id, women[1]!.id, women[2]!.id].sort((a, b) => b - a),
      women[3]!.id,
      women[4]!.id,
    ]);
  });

  it("refuses a malformed page cursor with a reason, not a 500", async () => {
    const viewer = await member();
    for (const after of ["x", "1_0", "1_99999999999", "1.5_2", "-1_2", "123456789012345678_2"]) {
      const err = await failureOf(viewer.api.members.search({ page: 2, pageSize: 20, after }));
      expect(appCodeOf(err), after).toBe("VALIDATION");
    }
  });

  it("refuses bad filters with a reason (400), not a 500", async () => {
    const viewer = await member();
    const err = await failureOf(viewer.api.members.search({ minAge: 40, maxAge: 30, page: 1, pageSize: 20 }));
    expect(appCodeOf(err)).toBe("VALIDATION");
  });
});

describe("profile photos: the server decides what a free member may see (§1, §6, ARCHITECTURE)", () => {
  it("a free viewer gets the main photo and only blurred thumbnails of the others", async () => {
    const owner = await member({ gender: "female" });
    await addPhotos(owner.id);
    const freeViewer = await member({ gender: "male" });
    const profile = await freeViewer.api.members.get({ id: owner.id });
    expect(profile.photos).toHaveLength(3);
    const [main, extra, priv] = profile.photos;
    expect(main).toMatchObject({ isMain: true, locked: false, url: `/media/full-${owner.id}-0.webp` });
    for (const locked of [extra, priv]) {
      expect(locked).toMatchObject({ locked: true });
      // Not the full-size file, not the sharp thumbnail: nothing but the blurred one reaches the browser.
      const sent = JSON.stringify(locked);
      expect(sent).not.toContain("full-");
      expect(sent).not.toContain("thumb-");
      expect(sent).toContain("blur-");
    }
  });

  it("a premium viewer and the owner see every photo at full size", async () => {
    const owner = await member({ gender: "female" });
    await addPhotos(owner.id);
    const premium = await member({ gender: "male" });
    await setPremium(t.server.deps, premium.id);
    const asPremium = await (await callerFor(t.server.deps, premium)).members.get({ id: owner.id });
    expect(asPremium.photos.every((p) => !p.locked)).toBe(true);
    expect(JSON.stringify(asPremium.photos)).not.toContain("blur-");
    const asOwner = await owner.api.members.get({ id: owner.id });
    expect(asOwner.photos.filter((p) => !p.locked)).toHaveLength(3);
  });

  it("a hidden (unconfirmed) profile cannot be opened by others", async () => {
    const hidden = await member({ confirmed: false });
    const viewer = await member();
    expect(appCodeOf(await failureOf(viewer.api.members.get({ id: hidden.id })))).toBe("NOT_FOUND");
  });
});
