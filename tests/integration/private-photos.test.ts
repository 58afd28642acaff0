import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/server.js";
import { uploadPhoto } from "../support/photos.js";
import { memberFactory } from "../support/factories.js";
import { privatePhotoUrl } from "../../server/features/members/members.photos.js";

/**
 * Private photos (§1, §6; ARCHITECTURE: photos a member may not see are never sent to them): served
 * only through URLs bound to the viewer and short-lived; a photo turned private moves to a new file
 * name, so its old public address answers 404.
 */
const t = useTestServer();
const member = memberFactory(t);

const upload = (owner: { sessionToken: string }, background: string, isPrivate = false) =>
  uploadPhoto(t.server, owner, background, { isPrivate });

const fetchAs = (url: string, viewer?: { sessionToken: string }) =>
  fetch(`${t.server.url}${url}`, { headers: viewer ? { cookie: `auth=${viewer.sessionToken}` } : {} });

describe("private photos", () => {
  it("a photo turned private leaves its old public address (404); public photos stay cacheable", async () => {
    const owner = await member();
    await upload(owner, "#c36"); // the main photo, public
    const extra = await upload(owner, "#36c");
    const publicRes = await fetchAs(extra.url);
    expect(publicRes.status).toBe(200);
    expect(publicRes.headers.get("cache-control")).toMatch(/immutable/);

    const mine = await owner.api.members.setPhotoPrivate({ photoId: extra.id, isPrivate: true });
    expect((await fetchAs(extra.url)).status).toBe(404);
    expect((await fetchAs(extra.thumbUrl)).status).toBe(404);
    // The owner still sees it, through a URL bound to them.
    const own = mine.photos.find((p) => p.id === extra.id)!;
    expect(own.url).toMatch(/^\/media\/p\//);
    expect((await fetchAs(own.url, owner)).status).toBe(200);
  });

  it("a premium viewer's URL works for them only, not for another member or a visitor, and is never public", async () => {
    const owner = await member();
    await upload(owner, "#c36");
    const secret = await upload(owner, "#3c6", true);
    expect(secret.url).toMatch(/^\/media\/p\//);

    const premium = await member({ paid: true });
    const profile = await premium.api.members.get({ id: owner.id });
    const seen = profile.photos.find((p) => p.id === secret.id)!;
    if (seen.locked) throw new Error("a premium member sees every photo");
    const res = await fetchAs(seen.url, premium);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    const cache = res.headers.get("cache-control") ?? "";
    expect(cache).toMatch(/^private, max-age=\d+$/);
    expect(cache).not.toMatch(/public|immutable/);

    const other = await member({ paid: true });
    expect((await fetchAs(seen.url, other)).status).toBe(404);
    expect((await fetchAs(seen.url)).status).toBe(404);
    // A tampered signature or another photo id with the same signature: 404.
    // (The signature's first character changed to another one: "A" unless it already is "A".)
    const tampered = seen.url.replace(/s=(.)/, (_, c: string) => `s=${c === "A" ? "B" : "A"}`);
    expect(tampered).not.toBe(seen.url);
    expect((await fetchAs(tampered, premium)).status).toBe(404);
    expect((await fetchAs(seen.url.replace(`/p/${secret.id}/`, `/p/${secret.id + 1}/`), premium)).status).toBe(404);

    // A free member never gets a full-size address of it.
    const free = await member();
    const locked = (await free.api.members.get({ id: owner.id })).photos.find((p) => p.id === secret.id)!;
    expect(locked.locked).toBe(true);
    expect("url" in locked).toBe(false);
  });

  it("an expired URL answers 404", async () => {
    const owner = await member();
    await upload(owner, "#c36");
    const secret = await upload(owner, "#6c3", true);
    const twoHoursAgo = Date.now() - 2 * 3600_000;
    const expired = privatePhotoUrl(t.server.deps.mediaUrlSecret, secret.id, "full", owner.id, twoHoursAgo);
    expect((await fetchAs(expired, owner)).status).toBe(404);
    const fresh = privatePhotoUrl(t.server.deps.mediaUrlSecret, secret.id, "full", owner.id);
    expect((await fetchAs(fresh, owner)).status).toBe(200);
  });
});
