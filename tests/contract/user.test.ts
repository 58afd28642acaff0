import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/server.js";
import { TestBrowser } from "../support/client.js";
import { countRows, createMember, uniqueEmail } from "../support/factories.js";
import { call, legacyLogin, visitor } from "./support/legacy.js";
import { addMainPhoto } from "./support/members.js";

const t = useTestServer();

function cookieAttrs(line: string): Map<string, string> {
  return new Map(
    line
      .split(";")
      .slice(1)
      .map((a) => a.trim())
      .map((a) => {
        const i = a.indexOf("=");
        return i < 0 ? [a.toLowerCase(), ""] : [a.slice(0, i).toLowerCase(), a.slice(i + 1)];
      }),
  );
}

describe("POST /api/user.php (login)", () => {
  it("logs in with a JSON body: { user }, and the same auth cookie as the React app", async () => {
    const m = await createMember(t.server.deps);
    const b = visitor(t.server);
    const r = await call(b, "POST", "/api/user.php", {
      json: { email: m.email, password: m.password },
      headers: { "x-request-type": "legacy" },
    });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({
      id: m.id,
      email: m.email,
      status: "active",
      credits: 0,
      paid_user: false,
      notifications_disabled: null,
    });
    const line = r.setCookie.find((l) => l.startsWith("auth="))!;
    const a = cookieAttrs(line);
    expect(a.get("path")).toBe("/");
    expect(a.has("httponly")).toBe(true);
    expect(a.get("samesite")?.toLowerCase()).toBe("lax");
    expect(a.get("max-age")).toBe(String(30 * 24 * 60 * 60));
    expect(r.headers.get("cache-control")).toBe("no-store");
    // The cookie is a session the tRPC app accepts.
    expect((await b.trpc.accounts.me.query())?.id).toBe(m.id);
  });

  it("logs in with a form-encoded body", async () => {
    const m = await createMember(t.server.deps);
    const b = visitor(t.server);
    const r = await call(b, "POST", "/api/user.php", { form: { email: m.email.toUpperCase(), password: m.password } });
    expect(r.status).toBe(200);
    expect(r.body.user.id).toBe(m.id);
    expect(b.cookies.has("auth")).toBe(true);
  });

  it("answers a wrong password and an unknown address alike: 401 'Login failed, please try again.'", async () => {
    const m = await createMember(t.server.deps);
    const wrong = await call(visitor(t.server), "POST", "/api/user.php", {
      json: { email: m.email, password: "not it at all" },
    });
    const unknown = await call(visitor(t.server), "POST", "/api/user.php", {
      json: { email: uniqueEmail("nobody"), password: "not it at all" },
    });
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ error: "login_failed", message: "Login failed, please try again." });
      expect(r.setCookie.some((l) => l.startsWith("auth="))).toBe(false);
    }
  });

  it("blocks an address after 5 failures, known or not, with the minutes left; the tRPC login obeys the same block", async () => {
    const m = await createMember(t.server.deps);
    for (const email of [m.email, uniqueEmail("ghost")]) {
      const answers = [];
      for (let i = 0; i < 5; i++)
        answers.push(
          await call(visitor(t.server), "POST", "/api/user.php", { json: { email, password: `wrong ${i}` } }),
        );
      expect(answers.slice(0, 4).map((a) => a.status)).toEqual([401, 401, 401, 401]);
      expect(answers[4]!.status).toBe(429);
      expect(answers[4]!.body).toEqual({
        error: "too_many_attempts",
        message: "Too many incorrect attempts, account blocked for 15 min.",
        details: { minutes: 15 },
      });
    }
    // Blocked: even the right password is refused, on both APIs, and no session is made.
    const sessions = await countRows(t.server.deps, "sessions");
    const legacy = await call(visitor(t.server), "POST", "/api/user.php", {
      json: { email: m.email, password: m.password },
    });
    expect(legacy.status).toBe(429);
    const err = await new TestBrowser(t.server).trpc.accounts.login
      .mutate({ email: m.email, password: m.password })
      .catch((e) => e);
    expect(err.data?.appCode).toBe("TOO_MANY_ATTEMPTS");
    expect(err.message).toMatch(/^Too many incorrect attempts, account blocked for \d+ min\.$/);
    expect(await countRows(t.server.deps, "sessions")).toBe(sessions);
  });

  it("a successful login forgets earlier failures", async () => {
    const m = await createMember(t.server.deps);
    for (let i = 0; i < 4; i++)
      await call(visitor(t.server), "POST", "/api/user.php", { json: { email: m.email, password: "nope nope" } });
    expect(
      (await call(visitor(t.server), "POST", "/api/user.php", { json: { email: m.email, password: m.password } }))
        .status,
    ).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect(
        (await call(visitor(t.server), "POST", "/api/user.php", { json: { email: m.email, password: "nope nope" } }))
          .status,
      ).toBe(401);
    }
  });

  it.each([
    ["no body fields", {}],
    ["a number as e-mail", { email: 42, password: "x" }],
    ["an empty password", { email: "a@example.test", password: "" }],
    ["an array", [1, 2]],
  ])("refuses %s with 400 and a reason", async (_label, json) => {
    const r = await call(visitor(t.server), "POST", "/api/user.php", { json });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("validation");
    expect(r.body.message.length).toBeGreaterThan(0);
  });

  it("refuses malformed JSON (400), a huge body (413) and another media type (415)", async () => {
    const bad = await call(visitor(t.server), "POST", "/api/user.php", {
      raw: { body: "{nope", contentType: "application/json" },
    });
    expect(bad.status).toBe(400);
    const huge = await call(visitor(t.server), "POST", "/api/user.php", {
      json: { email: "a@example.test", password: "x".repeat(40_000) },
    });
    expect(huge.status).toBe(413);
    const xml = await call(visitor(t.server), "POST", "/api/user.php", {
      raw: { body: "<login/>", contentType: "application/xml" },
    });
    expect(xml.status).toBe(415);
  });

  it("refuses a login posted from another site (login CSRF) with 403 origin_not_allowed", async () => {
    const m = await createMember(t.server.deps);
    const foreign = await call(visitor(t.server), "POST", "/api/user.php", {
      form: { email: m.email, password: m.password },
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toBe("origin_not_allowed");
    const crossSite = await call(visitor(t.server), "POST", "/api/user.php", {
      form: { email: m.email, password: m.password },
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    const own = await call(visitor(t.server), "POST", "/api/user.php", {
      json: { email: m.email, password: m.password },
      headers: { origin: t.server.origin, "sec-fetch-site": "same-origin" },
    });
    expect(own.status).toBe(200);
  });
});

describe("GET /api/user.php", () => {
  it("answers the §3 user with the profile and its main image", async () => {
    const m = await createMember(t.server.deps);
    const photo = await addMainPhoto(t.server.deps, m.id);
    const b = await legacyLogin(t.server, m);
    const r = await call(b, "GET", "/api/user.php", { headers: { "x-request-type": "poll" } });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({
      id: m.id,
      status: "active",
      credits: 0,
      paid_user: false,
      fictional_icon: false,
      notifications_disabled: null,
      profile: { id: m.id, status: "active", main_image: { filename: photo, status: "active" } },
    });
    expect(Date.parse(r.body.user.signup_date)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("reflects credits and premium changed elsewhere", async () => {
    const m = await createMember(t.server.deps, { credits: 120, paid: true });
    const r = await call(await legacyLogin(t.server, m), "GET", "/api/user.php");
    expect(r.body.user).toMatchObject({ credits: 120, paid_user: true, profile: { main_image: null } });
  });

  it("answers 403 authentication_required without a member, or with an unknown cookie", async () => {
    const anon = await call(visitor(t.server), "GET", "/api/user.php");
    expect(anon.status).toBe(403);
    expect(anon.body.error).toBe("authentication_required");
    const b = visitor(t.server);
    b.cookies.set("auth", "x".repeat(43));
    expect((await call(b, "GET", "/api/user.php")).status).toBe(403);
  });
});

describe("PUT /api/user.php (language)", () => {
  it("saves the language on the account and sets the locale cookie", async () => {
    const m = await createMember(t.server.deps);
    const b = await legacyLogin(t.server, m);
    const r = await call(b, "PUT", "/api/user.php", { json: { language: "pl" } });
    expect(r.status).toBe(200);
    expect(r.body.user.language).toBe("pl");
    expect(b.cookies.get("locale")).toBe("pl");
    expect((await b.trpc.accounts.me.query())?.language).toBe("pl");
  });

  it("refuses a language outside the seven (400) and changes nothing", async () => {
    const m = await createMember(t.server.deps);
    const b = await legacyLogin(t.server, m);
    for (const json of [{ language: "xx" }, { language: 7 }, {}]) {
      const r = await call(b, "PUT", "/api/user.php", { json });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe("validation");
    }
    expect((await call(b, "GET", "/api/user.php")).body.user.language).toBe("en");
  });

  it("answers 403 without a member", async () => {
    const r = await call(visitor(t.server), "PUT", "/api/user.php", { json: { language: "de" } });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("authentication_required");
  });
});

describe("POST /api/user.php?push=1 (push subscription)", () => {
  const subscription = {
    endpoint: "https://push.example.test/send/abc123",
    expirationTime: null,
    keys: {
      p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
      auth: "tBHItJI5svbpez7KI4CCXg",
    },
  };

  it("stores a subscription, then false, then denied (§4)", async () => {
    const m = await createMember(t.server.deps);
    const b = await legacyLogin(t.server, m);
    const sub = await call(b, "POST", "/api/user.php", { query: { push: "1" }, json: { subscription } });
    expect(sub.status).toBe(200);
    expect(sub.body).toEqual({ ok: true, push: "subscribed" });
    const rows = await t.server.deps.db
      .selectFrom("push_subscriptions")
      .selectAll()
      .where("user_id", "=", m.id)
      .execute();
    expect(rows.map((r) => r.endpoint)).toEqual([subscription.endpoint]);

    expect(
      (await call(b, "POST", "/api/user.php", { query: { push: "1" }, json: { subscription: false } })).body.push,
    ).toBe("not_subscribed");
    expect(
      await t.server.deps.db.selectFrom("push_subscriptions").selectAll().where("user_id", "=", m.id).execute(),
    ).toEqual([]);
    expect(
      (await call(b, "POST", "/api/user.php", { query: { push: "1" }, json: { subscription: "denied" } })).body.push,
    ).toBe("denied");
    const state = await t.server.deps.db
      .selectFrom("push_states")
      .select("state")
      .where("user_id", "=", m.id)
      .executeTakeFirst();
    expect(state?.state).toBe("denied");
  });

  it("refuses a bad subscription (400) and stores nothing", async () => {
    const m = await createMember(t.server.deps);
    const b = await legacyLogin(t.server, m);
    for (const json of [
      { subscription: { ...subscription, endpoint: "http://insecure.example/x" } },
      { subscription: { endpoint: subscription.endpoint } },
      { subscription: "yes" },
      {},
    ]) {
      const r = await call(b, "POST", "/api/user.php", { query: { push: "1" }, json });
      expect(r.status, JSON.stringify(json)).toBe(400);
    }
    expect(
      await t.server.deps.db.selectFrom("push_subscriptions").selectAll().where("user_id", "=", m.id).execute(),
    ).toEqual([]);
  });

  it("answers 403 without a member", async () => {
    const r = await call(visitor(t.server), "POST", "/api/user.php", { query: { push: "1" }, json: { subscription } });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("authentication_required");
  });
});

describe("GET /api/logout.php", () => {
  it("ends the session for both APIs and clears the cookie", async () => {
    const m = await createMember(t.server.deps);
    const b = await legacyLogin(t.server, m);
    const token = b.cookies.get("auth")!;
    const r = await call(b, "GET", "/api/logout.php");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: true });
    expect(cookieAttrs(r.setCookie.find((l) => l.startsWith("auth="))!).get("max-age")).toBe("0");
    expect(b.cookies.has("auth")).toBe(false);
    const stale = visitor(t.server);
    stale.cookies.set("auth", token);
    expect((await call(stale, "GET", "/api/user.php")).status).toBe(403);
    expect(await stale.trpc.accounts.me.query()).toBeNull();
  });

  it("is idempotent for a visitor", async () => {
    expect((await call(visitor(t.server), "GET", "/api/logout.php")).status).toBe(200);
  });

  it("refuses a cross-site navigation (a link on another site cannot log members out)", async () => {
    const m = await createMember(t.server.deps);
    const b = await legacyLogin(t.server, m);
    const r = await call(b, "GET", "/api/logout.php", { headers: { "sec-fetch-site": "cross-site" } });
    expect(r.status).toBe(403);
    expect((await call(b, "GET", "/api/user.php")).status).toBe(200);
  });
});
