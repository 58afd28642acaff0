import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/server.js";
import { appCodeOf, createMember } from "../support/factories.js";
import { skipWithout } from "../support/env.js";
import { login } from "../../server/features/accounts/accounts.service.js";
import { LOGIN_MAX_FAILURES } from "../../server/features/accounts/login-throttle.service.js";

/**
 * §8 login lockout under concurrency, on the real PostgreSQL (PGlite is single-user): each
 * password check is reserved in the database first, so 40 concurrent attempts for one address
 * make at most LOGIN_MAX_FAILURES checks, whatever the timing.
 */
/** The application code of a service call's failure (a DomainError, thrown as it is). */
const codeOf = (err: unknown) => appCodeOf(err) ?? (err as { code?: string }).code ?? null;

describe.skipIf(skipWithout("postgres", "login lockout under 40 concurrent attempts"))("login lockout races", () => {
  const t = useTestServer();

  it("40 concurrent wrong passwords: at most 5 are checked, the rest are refused unchecked; then the right one is refused too", async () => {
    const m = await createMember(t.server.deps);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, () => login(t.server.deps, { email: m.email, password: "wrong password 123" })),
    );
    const codes = outcomes.map((o) => (o.status === "rejected" ? codeOf(o.reason) : "LOGGED_IN"));
    expect(codes.filter((c) => c === "LOGGED_IN")).toEqual([]);
    expect(codes.filter((c) => c !== "LOGIN_FAILED" && c !== "TOO_MANY_ATTEMPTS")).toEqual([]);
    expect(codes.filter((c) => c === "LOGIN_FAILED").length).toBeLessThanOrEqual(LOGIN_MAX_FAILURES - 1);

    // Every check was reserved first: the counter never passed the limit (it was 40 when all were checked).
    const counters = await t.server.deps.db
      .selectFrom("login_attempts")
      .select(["failures", "blocked_until"])
      .execute();
    expect(counters).toHaveLength(1);
    expect(counters[0]!.failures).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    expect(counters[0]!.blocked_until).not.toBeNull();

    // Blocked: even the right password is not checked.
    const right = await login(t.server.deps, { email: m.email, password: m.password }).catch((e: unknown) => e);
    expect(codeOf(right)).toBe("TOO_MANY_ATTEMPTS");
  });

  it("the right password among 40 concurrent attempts: at most 5 checks, or 5 up to its login and 5 after it", async () => {
    const m = await createMember(t.server.deps);
    const attempts = Array.from({ length: 40 }, (_, i) => (i === 20 ? m.password : `wrong password ${i}`));
    const outcomes = await Promise.allSettled(
      attempts.map((password) => login(t.server.deps, { email: m.email, password })),
    );
    const checked = outcomes.filter((o) => o.status === "fulfilled" || codeOf(o.reason) === "LOGIN_FAILED").length;
    const loggedIn = outcomes.some((o) => o.status === "fulfilled");
    // A login forgets the failures (clearLoginFailures), so attempts still arriving after it count
    // from zero again: without it at most 5 checks; with it at most 5 up to the login and 5 after
    // (on a busy machine the right password's check can finish before the other attempts reserve).
    expect(checked).toBeLessThanOrEqual(loggedIn ? 2 * LOGIN_MAX_FAILURES : LOGIN_MAX_FAILURES);
  });
});
