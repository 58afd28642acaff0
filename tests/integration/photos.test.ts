import fs from "node:fs";
import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { useTestServer } from "../support/server.js";
import { appCodeOf, callerFor, createMember, setPremium, type TestMember } from "../support/factories.js";
import { MAX_PHOTOS_FREE } from "../../server/constants.js";

/** §2 /profile photo management, §5/§9 photo limits: POST /media/upload and the members.*Photo procedures. */
describe("own photos", () => {
  const t = useTestServer();

  const png = (background = "#c36") =>
    sharp({ create: { width: 64, height: 64, channels: 3, background } })
      .png()
      .toBuffer();

  async function upload(
    member: { sessionToken: string } | null,
    body: Buffer,
    opts: { type?: string; name?: string; headers?: Record<string, string>; private?: boolean } = {},
  ) {
    const form = new FormData();
    if (opts.private) form.append("private", "true");
    form.append("photo", new Blob([new Uint8Array(body)], { type: opts.type ?? "image/png" }), opts.name ?? "me.png");
    const res = await fetch(`${t.server.url}/media/upload`, {
      method: "POST",
      body: form,
      headers: { ...(member ? { cookie: `auth=${member.sessionToken}` } : {}), ...opts.headers },
    });
    return {
      status: res.status,
      body: (await res.json()) as {
        photo?: { id: number; isMain: boolean; url: string; thumbUrl: string };
        appCode?: string;
        error?: string;
        details?: Record<string, number>;
      },
    };
  }

  const photoRows = (m: TestMember) =>
    t.server.deps.db.selectFrom("photos").selectAll().where("profile_id", "=", m.id).orderBy("id").execute();
  const mediaFiles = () =>
    fs.existsSync(t.server.deps.config.mediaDir) ? fs.readdirSync(t.server.deps.config.mediaDir).length : 0;

  it("uploads a real image over HTTP: three WebP files are stored and the first photo becomes main", async () => {
    const m = await createMember(t.server.deps);
    const filesBefore = mediaFiles();
    const first = await upload(m, await png());
    expect(first.status).toBe(201);
    expect(first.body.photo).toMatchObject({ isMain: true, isPrivate: false });
    const second = await upload(
      m,
      await sharp({ create: { width: 90, height: 40, channels: 3, background: "#36c" } })
        .jpeg()
        .toBuffer(),
      { type: "image/jpeg" },
    );
    expect(second.status).toBe(201);
    expect(second.body.photo?.isMain).toBe(false);
    expect(mediaFiles()).toBe(filesBefore + 6);
    const served = await fetch(`${t.server.url}${first.body.photo!.url}`);
    expect(served.status).toBe(200);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe("webp");

    const api = await callerFor(t.server.deps, m);
    const mine = await api.members.myPhotos();
    expect(mine).toMatchObject({ count: 2, limit: 3, paidUser: false });
    expect(mine.photos.map((p) => p.id)).toEqual([first.body.photo!.id, second.body.photo!.id]);
    const me = await api.accounts.me();
    expect(me?.mainImage?.url).toBe(first.body.photo!.url);
  });

  it("refuses a free member's 4th photo with PHOTO_LIMIT and stores nothing", async () => {
    const m = await createMember(t.server.deps);
    for (let i = 0; i < MAX_PHOTOS_FREE; i++) expect((await upload(m, await png())).status).toBe(201);
    const filesBefore = mediaFiles();
    const fourth = await upload(m, await png("#0a0"));
    expect(fourth.status).toBe(403);
    expect(fourth.body).toMatchObject({ appCode: "PHOTO_LIMIT", details: { limit: 3, premiumLimit: 25 } });
    expect(await photoRows(m)).toHaveLength(3);
    expect(mediaFiles()).toBe(filesBefore);
  });

  it("lets a premium member add more than 3 photos", async () => {
    const m = await createMember(t.server.deps);
    await setPremium(t.server.deps, m.id);
    for (let i = 0; i < 5; i++) expect((await upload(m, await png())).status).toBe(201);
    expect(await photoRows(m)).toHaveLength(5);
    const api = await callerFor(t.server.deps, m);
    expect(await api.members.myPhotos()).toMatchObject({ count: 5, limit: 25, paidUser: true });
  });

  it("refuses what is not an image (and an SVG) with 400 and stores nothing", async () => {
    const m = await createMember(t.server.deps);
    const filesBefore = mediaFiles();
    const text = await upload(m, Buffer.from("this is not an image at all"), { type: "text/plain", name: "note.txt" });
    expect(text.status).toBe(400);
    expect(text.body.appCode).toBe("INVALID_IMAGE");
    const fakePng = await upload(m, Buffer.concat([(await png()).subarray(0, 40)]), { name: "broken.png" });
    expect(fakePng.status).toBe(400);
    const svg = await upload(
      m,
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      ),
      { type: "image/svg+xml", name: "x.svg" },
    );
    expect(svg.status).toBe(400);
    expect(await photoRows(m)).toHaveLength(0);
    expect(mediaFiles()).toBe(filesBefore);
  });

  it("refuses an upload without a session (403) and one from another site", async () => {
    const noCookie = await upload(null, await png());
    expect(noCookie).toMatchObject({ status: 403, body: { error: "authentication_required" } });
    const m = await createMember(t.server.deps);
    const foreign = await upload(m, await png(), { headers: { origin: "https://evil.example" } });
    expect(foreign).toMatchObject({ status: 403, body: { error: "origin_not_allowed" } });
    expect(await photoRows(m)).toHaveLength(0);
  });

  it("refuses a file over 8 MB with 413", async () => {
    const m = await createMember(t.server.deps);
    const res = await upload(m, Buffer.alloc(8 * 1024 * 1024 + 10, 1));
    expect(res.status).toBe(413);
    expect(res.body.appCode).toBe("PHOTO_TOO_LARGE");
    expect(await photoRows(m)).toHaveLength(0);
  });

  it("sets the main photo, makes photos private, deletes: deleting the main promotes the next, files go too", async () => {
    const m = await createMember(t.server.deps);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await upload(m, await png())).body.photo!.id);
    const api = await callerFor(t.server.deps, m);

    await expect(api.members.setPhotoPrivate({ photoId: ids[0]!, isPrivate: true })).rejects.toSatisfy(
      (e) => appCodeOf(e) === "VALIDATION",
    );
    let mine = await api.members.setPhotoPrivate({ photoId: ids[2]!, isPrivate: true });
    expect(mine.photos.find((p) => p.id === ids[2])?.isPrivate).toBe(true);

    mine = await api.members.setMainPhoto({ photoId: ids[1]! });
    expect(mine.photos[0]).toMatchObject({ id: ids[1], isMain: true });
    expect(mine.photos.filter((p) => p.isMain)).toHaveLength(1);

    const rows = await photoRows(m);
    const deleted = rows.find((r) => r.id === ids[1])!;
    mine = await api.members.deletePhoto({ photoId: ids[1]! });
    expect(mine.count).toBe(2);
    expect(mine.photos[0]).toMatchObject({ id: ids[0], isMain: true });
    expect(fs.existsSync(`${t.server.deps.config.mediaDir}/${deleted.filename}`)).toBe(false);
    expect(fs.existsSync(`${t.server.deps.config.mediaDir}/${deleted.thumb_filename}`)).toBe(false);

    // Only a private photo left after deleting the main: none is made main (it stays private).
    mine = await api.members.deletePhoto({ photoId: ids[0]! });
    expect(mine.photos).toEqual([expect.objectContaining({ id: ids[2], isMain: false, isPrivate: true })]);
    // Making it main makes it public (§6).
    mine = await api.members.setMainPhoto({ photoId: ids[2]! });
    expect(mine.photos[0]).toMatchObject({ isMain: true, isPrivate: false });
  });

  it("another member's photo is NOT_FOUND for every change, and nothing changes", async () => {
    const owner = await createMember(t.server.deps);
    const other = await createMember(t.server.deps);
    const photoId = (await upload(owner, await png())).body.photo!.id;
    const api = await callerFor(t.server.deps, other);
    for (const call of [
      () => api.members.setMainPhoto({ photoId }),
      () => api.members.setPhotoPrivate({ photoId, isPrivate: true }),
      () => api.members.deletePhoto({ photoId }),
    ]) {
      await expect(call()).rejects.toSatisfy((e) => appCodeOf(e) === "NOT_FOUND");
    }
    expect(await photoRows(owner)).toEqual([
      expect.objectContaining({ id: photoId, is_main: true, is_private: false }),
    ]);
    expect((await api.members.myPhotos()).count).toBe(0);
    const visitor = await callerFor(t.server.deps, null);
    await expect(visitor.members.myPhotos()).rejects.toSatisfy((e) => appCodeOf(e) === "AUTHENTICATION_REQUIRED");
  });
});
