import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/server.js";
import { memberFactory } from "../support/factories.js";

const t = useTestServer();
const member = memberFactory(t, { paid: true, credits: 1000 });

/** GET a legacy poll as the member, optionally conditional. */
function poll(path: string, m: { sessionToken: string }, etag?: string, host?: string) {
  return t.server.app.inject({
    method: "GET",
    url: `/api/${path}`,
    headers: {
      cookie: `auth=${m.sessionToken}`,
      ...(etag ? { "if-none-match": etag } : {}),
      ...(host ? { host } : {}),
    },
  });
}

describe("conditional legacy polls (issue 13: ETag on the member's event seq)", () => {
  it.each(["chats.php", "user.php", "likes.php"])(
    "%s: the same ETag answers 304 with no body until something happens to the member",
    async (path) => {
      const a = await member();
      const b = await member();
      const first = await poll(path, a);
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/"/);
      expect(first.headers["cache-control"]).toBe("private, no-cache");

      const again = await poll(path, a, etag);
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe("");
      expect(again.headers.etag).toBe(etag);

      // If-None-Match compares weakly (RFC 9110 13.1.2): the tag without W/, or "*", is a match too.
      expect((await poll(path, a, etag.slice(2))).statusCode).toBe(304);
      expect((await poll(path, a, `"other", ${etag.slice(2)}`)).statusCode).toBe(304);
      expect((await poll(path, a, "*")).statusCode).toBe(304);

      // Another member's tag, or a stale one, gets the full answer.
      expect((await poll(path, b, etag)).statusCode).toBe(200);

      // Something happens to the member: a message (chats, user: credits of the sender) or a like.
      if (path === "likes.php") await b.api.likes.like({ profileId: a.id });
      else if (path === "chats.php")
        await b.api.chats.send({ toProfileId: a.id, clientId: crypto.randomUUID(), body: "Hello there" });
      else await a.api.chats.send({ toProfileId: b.id, clientId: crypto.randomUUID(), body: "Hello there" });
      const changed = await poll(path, a, etag);
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(changed.json()).toBeTypeOf("object");
    },
  );

  it("names the host as routed: another spelling of it shares the tag, another host's does not", async () => {
    const a = await member();
    const etag = (await poll("chats.php", a, undefined, "localhost")).headers.etag as string;
    for (const host of ["LocalHost:3000", "localhost.", "localhost:80"]) {
      expect((await poll("chats.php", a, etag, host)).statusCode, host).toBe(304);
    }
    expect((await poll("chats.php", a, etag, "127.0.0.1")).statusCode).toBe(200);
  });

  it("a visitor's conditional poll is still 403 authentication_required", async () => {
    const res = await t.server.app.inject({ method: "GET", url: "/api/chats.php", headers: { "if-none-match": "*" } });
    expect(res.statusCode).toBe(403);
  });
});
