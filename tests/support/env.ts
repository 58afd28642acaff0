import { inject } from "vitest";

/**
 * Which database a test file runs on. vitest reads TEST_DATABASE_URL / TEST_REDIS_URL: when set,
 * a second project runs every file on that PostgreSQL (and Redis); `npm test` sets them from
 * tests/support/services.ts (given, testcontainers, or the local services). Unset: the embedded
 * PGlite and the in-process bus only.
 */
export type DbMode = "pglite" | "postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** Which database the current project runs on. */
    dbMode: DbMode;
    /** A migrated PGlite data directory, copied for each test file (pglite project). */
    pgliteTemplateDir: string;
    /** Names this run's PostgreSQL test databases, so teardown drops only ours. */
    runId: string;
    /** Scratch directory of this run (data dirs, mail). */
    runDir: string;
  }
}

export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;
export const testRedisUrl = process.env.TEST_REDIS_URL || undefined;

if (process.env.CI === "true" && (!testDatabaseUrl || !testRedisUrl)) {
  throw new Error("CI=true but TEST_DATABASE_URL and/or TEST_REDIS_URL is missing: CI must never fall back to PGlite.");
}

/** The database of the current vitest project. */
export const dbMode: DbMode = inject("dbMode");

/** Whether this project runs on the real PostgreSQL (and Redis, when TEST_REDIS_URL is set). */
export const onPostgres = dbMode === "postgres";

/**
 * For tests that need the real PostgreSQL (races: PGlite is single-user) or Redis (two
 * instances): true when they must be skipped here, after saying so loudly. Use with
 * `describe.skipIf(skipWithout(...))`.
 */
export function skipWithout(what: "postgres" | "postgres+redis", reason: string): boolean {
  const missing: string[] = [];
  if (!onPostgres || !testDatabaseUrl) missing.push("TEST_DATABASE_URL");
  if (what === "postgres+redis" && !testRedisUrl) missing.push("TEST_REDIS_URL");
  if (missing.length === 0) return false;
  if (process.env.CI === "true") throw new Error(`CI must run "${reason}" but ${missing.join(" and ")} is missing`);
  console.warn(
    `\n!!! NOT RUN: "${reason}" needs a real ${what === "postgres" ? "PostgreSQL" : "PostgreSQL and Redis"}; ` +
      `set ${missing.join(" and ")} (e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres ` +
      `TEST_REDIS_URL=redis://127.0.0.1:6379) to run it.\n`,
  );
  return true;
}
