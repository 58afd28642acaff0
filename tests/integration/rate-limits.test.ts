import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { createMember, signupFields } from "../support/factories.js";
import { isolated, post } from "../support/rate-limits.js";
import { TestBrowser } from "../support/client.js";
import type { TRPCClientError } from "@trpc/client";
import type { AppRouter } from "../../server/router.js";
import { addressLimitKey } from "../../server/features/rate-limits/address-key.js";
import { limitKeysFor } from "../../server/trpc/rate-limit.js";

/**
 * Issue 10, abuse limits: each limit answers 429 with Retry-After and the RATE_LIMITED code once
 * spent (nothing done), lets actions through again after its window, and — on Redis — holds across
 * instances. Without Redis, sign-up and login fail closed (503), reads stay open.
 */
describe("abuse limits", () => {
  let db: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    db = await createTestDatabase();
    server = await startTestServer(db, { env: isolated() });
  });
  afterAll(async () => {
    await server?.close();
    await db?.drop();
  });

  it("sign-ups per client address: the 4th answers 429 with Retry-After and creates nobody", async () => {
    const before = await server.deps.db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await post(server, "accounts.signup", signupFields()));
    expect(answers.slice(0, 3).map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[3]).toMatchObject({ status: 429, appCode: "RATE_LIMITED" });
    expect(Number(answers[3]!.retryAfter)).toBeGreaterThan(0);
    const after = await server.deps.db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(3);
  });

  it("login attempts per client address, beside the per-address lockout", async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await post(server, "accounts.login", { email: `nobody-${i}@example.test`, password: "wrong one" })).status,
      );
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it("likes per member: the 3rd is refused and not stored", async () => {
    const member = await createMember(server.deps);
    const cookie = `auth=${member.sessionToken}`;
    const targets = await Promise.all([1, 2, 3].map(() => createMember(server.deps)));
    const answers = [];
    for (const t of targets) answers.push(await post(server, "likes.like", { profileId: t.id }, cookie));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
    const likes = await server.deps.db
      .selectFrom("likes")
      .select("liked_id")
      .where("liker_id", "=", member.id)
      .execute();
    expect(likes.map((l) => l.liked_id).sort()).toEqual([targets[0]!.id, targets[1]!.id].sort());
  });

  it("blocks per member (security review of 2026-11-27 §5): the 3rd is refused and nothing is blocked", async () => {
    const member = await createMember(server.deps);
    const cookie = `auth=${member.sessionToken}`;
    const targets = await Promise.all([1, 2, 3].map(() => createMember(server.deps)));
    const answers = [];
    for (const t of targets) answers.push(await post(server, "safety.block", { profileId: t.id }, cookie));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
    expect(answers[2]).toMatchObject({ appCode: "RATE_LIMITED" });
    const blocked = await server.deps.db
      .selectFrom("blocks")
      .select("blocked_id")
      .where("blocker_id", "=", member.id)
      .execute();
    expect(blocked.map((b) => b.blocked_id).sort()).toEqual([targets[0]!.id, targets[1]!.id].sort());
  });

  it("typing notices and read-receipt changes per member: the 3rd is refused (each reaches other members' tabs)", async () => {
    const member = await createMember(server.deps);
    const cookie = `auth=${member.sessionToken}`;
    const receipts = [];
    for (const enabled of [false, true, false])
      receipts.push(await post(server, "chats.setReadReceipts", { enabled }, cookie));
    expect(receipts.map((a) => a.status)).toEqual([200, 200, 429]);
    expect(receipts[2]).toMatchObject({ appCode: "RATE_LIMITED" });
    const typing = [];
    for (let i = 0; i < 3; i++)
      typing.push(await post(server, "chats.typing", { conversationId: 2 ** 31 - 1 }, cookie));
    expect(typing.map((a) => a.status)).toEqual([404, 404, 429]);
  });

  it("refusals are counted for operators per procedure, on the open WebSocket as over HTTP", async () => {
    const refusals = async (route: string) =>
      (await server.deps.metrics.rateLimitRefusals.get()).values.find((v) => v.labels.route === route)?.value ?? 0;
    const member = await createMember(server.deps);
    const before = {
      typing: await refusals("/trpc/chats.typing"),
      receipts: await refusals("/trpc/chats.setReadReceipts"),
    };

    // Typing notices on the member's socket, as the browser sends them: 2 allowed, the 3rd refused.
    const browser = TestBrowser.withSession(server, member);
    const socket = browser.openSocket();
    try {
      const answers = [];
      for (let i = 0; i < 3; i++)
        answers.push(
          await socket.client.chats.typing.mutate({ conversationId: 2 ** 31 - 1 }).then(
            () => "ok",
            (e: TRPCClientError<AppRouter>) => e.data?.appCode,
          ),
        );
      expect(answers).toEqual(["NOT_FOUND", "NOT_FOUND", "RATE_LIMITED"]);
    } finally {
      await browser.closeSockets();
    }
    // Read-receipt changes over HTTP: the 3rd is refused, and counted once.
    for (const enabled of [false, true, false])
      await post(server, "chats.setReadReceipts", { enabled }, `auth=${member.sessionToken}`);

    expect(await refusals("/trpc/chats.typing")).toBe(before.typing + 1);
    expect(await refusals("/trpc/chats.setReadReceipts")).toBe(before.receipts + 1);
  });

  it("mails per address: spaces around the address do not make it a new one (the 3rd is refused, nothing mailed)", async () => {
    const member = await createMember(server.deps);
    const cookie = `auth=${member.sessionToken}`;
    const target = `target-${crypto.randomUUID()}@example.test`;
    const change = (email: string) =>
      post(server, "security.requestEmailChange", { email, password: member.password }, cookie);
    const answers = [await change(target), await change(` ${target.toUpperCase()}`)];
    answers.push(await change(`${" ".repeat(310)}${target}`));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
    expect(answers[2]).toMatchObject({ appCode: "RATE_LIMITED" });
    expect(server.mailer.sent.filter((m) => m.to === target)).toHaveLength(2);
  });

  it("legacy polls per session: 429 with Retry-After on the 4th", async () => {
    const member = await createMember(server.deps);
    const statuses = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${server.url}/api/chats.php`, { headers: { cookie: `auth=${member.sessionToken}` } });
      statuses.push(res.status);
      retryAfter = res.headers.get("retry-after");
      await res.arrayBuffer();
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it("a batched request carries at most TRPC_MAX_BATCH_SIZE calls", async () => {
    const paths = Array.from({ length: 11 }, () => "site.settings").join(",");
    const input = encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: 11 }, (_, i) => [i, {}]))));
    const res = await fetch(`${server.url}/trpc/${paths}?batch=1&input=${input}`);
    expect(res.status).toBe(400);
    const ten = paths.split(",").slice(0, 10).join(",");
    const ok = await fetch(`${server.url}/trpc/${ten}?batch=1&input=${input}`);
    expect(ok.status).toBe(200);
  });
});

describe("abuse limits the legacy API shares with tRPC", () => {
  let db: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    db = await createTestDatabase();
    server = await startTestServer(db, { env: { ...isolated(), PUSH_ALLOW_LOOPBACK_HTTP: "true" } });
  });
  afterAll(async () => {
    await server?.close();
    await db?.drop();
  });
  const poll = async (method: "GET" | "HEAD", cookie?: string) => {
    const res = await fetch(`${server.url}/api/likes.php`, { method, headers: cookie ? { cookie } : {} });
    await res.arrayBuffer();
    return res.status;
  };
  const legacyGet = async (path: string, cookie: string) => {
    const res = await fetch(`${server.url}${path}`, { headers: { cookie } });
    await res.arrayBuffer();
    return res.status;
  };

  it("a HEAD poll runs the GET's handler, so it is counted as one", async () => {
    const cookie = `auth=${(await createMember(server.deps)).sessionToken}`;
    expect([await poll("GET", cookie), await poll("HEAD", cookie), await poll("HEAD", cookie)]).toEqual([
      200, 200, 200,
    ]);
    expect(await poll("HEAD", cookie)).toBe(429);
    expect(await poll("GET", cookie)).toBe(429);
  });

  it("discount codes looked up or used per member, over tRPC and the legacy API alike: the 3rd is refused", async () => {
    const member = await createMember(server.deps);
    const cookie = `auth=${member.sessionToken}`;
    const byTrpc = await fetch(
      `${server.url}/trpc/discounts.check?input=${encodeURIComponent(JSON.stringify({ code: "GUESS1" }))}`,
      { headers: { cookie } },
    );
    expect(byTrpc.status).toBe(404);
    expect(await legacyGet("/api/discountcode.php?code=GUESS2", cookie)).toBe(404);
    expect(await legacyGet("/api/discountcode.php?code=GUESS3", cookie)).toBe(429);
    // The welcome discount tells nothing about codes: not counted.
    expect(await legacyGet("/api/discountcode.php?welcome=1", cookie)).toBe(200);
  });

  it("a purchase naming a discount code counts as a code looked up: a guessed code's 3rd try is refused, nothing stored", async () => {
    const member = await createMember(server.deps);
    const cookie = `auth=${member.sessionToken}`;
    const packages = (await (
      await fetch(
        `${server.url}/trpc/credits.packages?input=${encodeURIComponent(JSON.stringify({ country: "NL" }))}`,
        {
          headers: { cookie },
        },
      )
    ).json()) as { result: { data: { packages: Array<{ id: number }> } } };
    const start = (discountCode: string | null) =>
      post(
        server,
        "payments.start",
        {
          packageId: packages.result.data.packages[0]!.id,
          method: "ideal",
          country: "NL",
          discountCode,
          idempotencyKey: crypto.randomUUID(),
        },
        cookie,
      );
    const guesses = [await start("GUESS1"), await start("GUESS2"), await start("GUESS3")];
    expect(guesses.map((a) => a.appCode)).toEqual(["CODE_NOT_FOUND", "CODE_NOT_FOUND", "RATE_LIMITED"]);
    expect(guesses[2]!.status).toBe(429);
    // A purchase without a code is not counted, and goes through.
    expect((await start(null)).status).toBe(200);
    const payments = await server.deps.db
      .selectFrom("payments")
      .select("discount_code")
      .where("user_id", "=", member.id)
      .execute();
    expect(payments).toEqual([{ discount_code: null }]);
  });

  it("personal-data exports per member: the 3rd is refused", async () => {
    const member = await createMember(server.deps);
    const cookie = `auth=${member.sessionToken}`;
    const exports = [];
    for (let i = 0; i < 3; i++)
      exports.push((await fetch(`${server.url}/trpc/security.exportData`, { headers: { cookie } })).status);
    expect(exports).toEqual([200, 200, 429]);
  });

  it("push subscriptions sent per member, over tRPC and the legacy API alike: the 3rd is refused and not stored", async () => {
    const member = await createMember(server.deps);
    const cookie = `auth=${member.sessionToken}`;
    const subscription = (n: number) => ({
      endpoint: `http://127.0.0.1:1/push/${n}`,
      keys: {
        p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
        auth: "tBHItJI5svbpez7KI4CCXg",
      },
    });
    expect((await post(server, "push.subscribe", { subscription: subscription(1) }, cookie)).status).toBe(200);
    const legacy = (n: number) =>
      fetch(`${server.url}/api/user.php?push=1`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify({ subscription: subscription(n) }),
      }).then(async (res) => (await res.arrayBuffer(), res.status));
    expect(await legacy(2)).toBe(200);
    expect(await legacy(3)).toBe(429);
    const stored = await server.deps.db
      .selectFrom("push_subscriptions")
      .select("endpoint")
      .where("user_id", "=", member.id)
      .execute();
    expect(stored).toHaveLength(2);
  });

  // Last in this block: it uses up the polls of the test's own client address.
  it("polls with made-up session cookies count against the client address: they are not a fresh allowance each", async () => {
    const madeUp = () => `auth=${crypto.randomBytes(24).toString("base64url")}`;
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await poll("GET", madeUp()));
    expect(statuses).toEqual([403, 403, 403, 429]);
    // Any made-up cookie from this address is refused until the window ends.
    expect(await poll("HEAD", madeUp())).toBe(429);
    // A member's real session from the same address (one NAT, one /64) polls on its own allowance.
    const cookie = `auth=${(await createMember(server.deps)).sessionToken}`;
    expect(await poll("GET", cookie)).toBe(200);
    expect(await poll("GET", madeUp())).toBe(429);
  });
});

describe("a limit's window", () => {
  let db: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    db = await createTestDatabase();
    // A window of 5 s, not 1: the first attempt's password check must end inside it on a busy machine.
    server = await startTestServer(db, { env: { ...isolated(), RATE_LIMIT_LOGIN_IP: "1/5" } });
  });
  afterAll(async () => {
    await server?.close();
    await db?.drop();
  });

  it("lets actions through again once Retry-After has passed", async () => {
    const attempt = () => post(server, "accounts.login", { email: "nobody@example.test", password: "wrong one" });
    expect((await attempt()).status).toBe(401);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    await new Promise((r) => setTimeout(r, Number(refused.retryAfter) * 1000 + 100));
    expect((await attempt()).status).toBe(401);
  });
});

/**
 * Security review §10: an IPv6 client holds at least a /64, so per-address limits count it by its
 * /64, not by the address it picks for each request; an IPv4 client reaching a dual-stack socket
 * as ::ffff:a.b.c.d counts as a.b.c.d. One key (addressLimitKey) on every path that counts
 * addresses: tRPC (limitKeysFor) and the legacy API.
 */
describe("per-address limits key an IPv6 client by its /64 (review §10)", () => {
  it("one key per /64 whatever the spelling; IPv4-mapped IPv6 as its IPv4 address", () => {
    expect(addressLimitKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(addressLimitKey("2001:0db8:0001:0002:ffff:ffff:ffff:fffe")).toBe("2001:db8:1:2::/64");
    expect(addressLimitKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(addressLimitKey("fe80::1%eth0")).toBe("fe80::/64");
    expect(addressLimitKey("::ffff:1.2.3.4")).toBe("1.2.3.4");
    expect(addressLimitKey("::ffff:102:304")).toBe("1.2.3.4");
    expect(addressLimitKey("1.2.3.4")).toBe("1.2.3.4");
    expect(addressLimitKey("::1")).toBe("::/64");
  });

  it("limitKeysFor counts addresses of one /64 together, other /64s apart, ::ffff:a.b.c.d with a.b.c.d", () => {
    const keys = (clientIp: string, path = "accounts.signup") =>
      limitKeysFor(path, { clientIp, member: null }, { email: "someone@example.test" });
    expect(keys("2001:db8:1:2::1")).toEqual(keys("2001:db8:1:2:ffff:ffff:ffff:fffe"));
    expect(keys("2001:db8:1:2::1")).not.toEqual(keys("2001:db8:1:3::1"));
    expect(keys("::ffff:1.2.3.4")).toEqual(keys("1.2.3.4"));
    // A visitor where a limit is per member, and the visitors-only search limit.
    expect(keys("2001:db8:1:2::1", "likes.like")).toEqual(keys("2001:db8:1:2::99", "likes.like"));
    expect(keys("2001:db8:1:2::1", "members.search")).toEqual(keys("2001:db8:1:2::99", "members.search"));
  });

  describe("end to end, behind one proxy (TRUST_PROXY=1, the client address from X-Forwarded-For)", () => {
    let db: TestDatabase;
    let server: TestServer;
    beforeAll(async () => {
      db = await createTestDatabase();
      server = await startTestServer(db, { env: { ...isolated(), TRUST_PROXY: "1" } });
    });
    afterAll(async () => {
      await server?.close();
      await db?.drop();
    });
    let n = 0;
    const credentials = () => JSON.stringify({ email: `nobody-${(n += 1)}@example.test`, password: "wrong one" });
    const loginFrom = async (address: string) => {
      const res = await fetch(`${server.url}/trpc/accounts.login`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": address },
        body: credentials(),
      });
      await res.arrayBuffer();
      return res.status;
    };
    const legacyLoginFrom = async (address: string) => {
      const res = await fetch(`${server.url}/api/user.php`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": address },
        body: credentials(),
      });
      await res.arrayBuffer();
      return res.status;
    };

    it("logins (3 per window here): new addresses in a used-up /64 are refused, over tRPC and the legacy API; another /64 is not", async () => {
      const statuses = [];
      for (const address of ["2001:db8:aa:1::1", "2001:db8:aa:1::2", "2001:db8:aa:1:ffff::3", "2001:db8:aa:1::99"])
        statuses.push(await loginFrom(address));
      expect(statuses).toEqual([401, 401, 401, 429]);
      expect(await legacyLoginFrom("2001:db8:aa:1:abcd::100")).toBe(429);
      expect(await loginFrom("2001:db8:aa:2::1")).toBe(401);
    });

    it("legacy polls with made-up session cookies (3 per window here) count per /64 too", async () => {
      const statuses = [];
      for (const address of ["2001:db8:bb:1::1", "2001:db8:bb:1::2", "2001:db8:bb:1::3", "2001:db8:bb:1::4"]) {
        const res = await fetch(`${server.url}/api/likes.php`, {
          headers: { cookie: `auth=${crypto.randomBytes(24).toString("base64url")}`, "x-forwarded-for": address },
        });
        await res.arrayBuffer();
        statuses.push(res.status);
      }
      expect(statuses).toEqual([403, 403, 403, 429]);
    });

    it("an IPv4 client counts the same whether it comes as a.b.c.d or ::ffff:a.b.c.d", async () => {
      const statuses = [];
      for (const address of ["198.51.100.7", "198.51.100.7", "::ffff:198.51.100.7", "::ffff:198.51.100.7"])
        statuses.push(await loginFrom(address));
      expect(statuses).toEqual([401, 401, 401, 429]);
    });
  });
});

describe("checking a password reset link (/reset-password/do)", () => {
  let db: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    db = await createTestDatabase();
    server = await startTestServer(db, { env: isolated() });
  });
  afterAll(async () => {
    await server?.close();
    await db?.drop();
  });

  it("counts against the login attempts per client address, like completing the reset", async () => {
    const check = async () => {
      const input = encodeURIComponent(JSON.stringify({ token: crypto.randomBytes(32).toString("base64url") }));
      return (await fetch(`${server.url}/trpc/security.checkPasswordResetLink?input=${input}`)).status;
    };
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await check());
    expect(statuses).toEqual([200, 200, 200, 429]);
    const complete = await post(server, "security.completePasswordReset", {
      token: crypto.randomBytes(32).toString("base64url"),
      password: "whatever pass 1",
      passwordRepeat: "whatever pass 1",
    });
    expect(complete).toMatchObject({ status: 429, appCode: "RATE_LIMITED" });
  });
});
