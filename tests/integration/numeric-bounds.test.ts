import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/server.js";
import { TestBrowser } from "../support/client.js";
import { appCodeOf, callerFor, createMember, failureOf } from "../support/factories.js";

/**
 * Every number a client sends has bounds that match its column (ARCHITECTURE "The edge"): an
 * out-of-range value is a 400 with a reason, never a 500 from PostgreSQL ("integer out of range")
 * or from a Date that cannot exist.
 */
const t = useTestServer();

const INT32_OVER = 3_000_000_000;
const HUGE = 9_000_000_000_000_000;

/** tRPC calls over HTTP with out-of-range numbers: [procedure, kind, input]. */
const CASES: Array<[string, "query" | "mutation", unknown]> = [
  ["chats.conversation", "query", { conversationId: 1, beforeSeq: INT32_OVER }],
  ["chats.conversation", "query", { conversationId: INT32_OVER }],
  ["chats.conversation", "query", { conversationId: 1, limit: 1e6 }],
  ["chats.withProfile", "query", { profileId: HUGE }],
  ["chats.markRead", "mutation", { conversationId: -1 }],
  ["chats.send", "mutation", { toProfileId: INT32_OVER, clientId: crypto.randomUUID(), body: "hi" }],
  ["members.get", "query", { id: INT32_OVER }],
  ["members.get", "query", { id: 1.5 }],
  // An id is a number or its plain digits, nothing that merely coerces to one.
  ["members.get", "query", { id: true }],
  ["members.get", "query", { id: [7] }],
  ["members.get", "query", { id: "0x10" }],
  ["members.get", "query", { id: " 1 " }],
  ["members.get", "query", { id: "1e3" }],
  ["landers.member", "query", { id: "0x10" }],
  ["members.search", "query", { page: 1e9 }],
  ["members.search", "query", { minAge: 1e12 }],
  // As ids, a page, a page size or an age is a number or its plain digits only.
  ["members.search", "query", { page: true }],
  ["members.search", "query", { page: "0x10" }],
  ["members.search", "query", { minAge: "1e2" }],
  ["members.search", "query", { pageSize: " 5 " }],
  ["members.search", "query", { maxAge: "" }],
  ["members.unlockPhoto", "mutation", { photoId: INT32_OVER }],
  ["likes.like", "mutation", { profileId: INT32_OVER }],
  ["payments.get", "query", { paymentId: INT32_OVER }],
  ["payments.list", "query", { cursor: INT32_OVER }],
  [
    "payments.start",
    "mutation",
    { packageId: INT32_OVER, method: "card", country: "NL", idempotencyKey: crypto.randomUUID() },
  ],
];

describe("numbers out of their column's range are refused with 400, never 500", () => {
  it.each(CASES)("%s (%s) %j", async (procedure, kind, input) => {
    const m = await createMember(t.server.deps);
    const browser = TestBrowser.withSession(t.server, m);
    const res =
      kind === "query"
        ? await browser.fetch(`/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`)
        : await browser.fetch(`/trpc/${procedure}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(input),
          });
    const body = (await res.json()) as { error?: { data?: { appCode?: string } } };
    expect(res.status, JSON.stringify(body).slice(0, 300)).toBe(400);
    expect(body.error?.data?.appCode).toBe("VALIDATION");
  });

  it("live.events refuses an event id past the integer column", async () => {
    const m = await createMember(t.server.deps);
    const api = await callerFor(t.server.deps, m);
    for (const lastEventId of ["99999999999", "2147483648", "-1", "1e3"]) {
      expect(appCodeOf(await failureOf(api.live.events({ lastEventId }))), lastEventId).toBe("VALIDATION");
    }
  });

  it("POST /api/user.php?push=1 with an expirationTime no date can hold answers 400 and stores nothing", async () => {
    const m = await createMember(t.server.deps);
    const browser = TestBrowser.withSession(t.server, m);
    const subscription = {
      endpoint: "https://push.example.test/send/abc",
      expirationTime: HUGE,
      keys: { p256dh: "B".repeat(87), auth: "A".repeat(22) },
    };
    const res = await browser.fetch("/api/user.php?push=1", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ subscription }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe("validation");
    const stored = await t.server.deps.db
      .selectFrom("push_subscriptions")
      .selectAll()
      .where("user_id", "=", m.id)
      .execute();
    expect(stored).toEqual([]);
  });
});
