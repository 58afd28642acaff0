import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { startTestServer, type TestServer } from "../support/server.js";
import { createMember, signupFields } from "../support/factories.js";
import { isolated, post } from "../support/rate-limits.js";

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

describe("a limit's window", () => {
  let db: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    db = await createTestDatabase();
    server = await startTestServer(db, { env: { ...isolated(), RATE_LIMIT_LOGIN_IP: "1/1" } });
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
