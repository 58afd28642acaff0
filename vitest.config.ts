import os from "node:os";
import { defineConfig } from "vitest/config";

/**
 * Integration tests run against a real database, twice (ARCHITECTURE "Where tests find their
 * PostgreSQL and Redis"):
 *
 * - project "pglite": the embedded PGlite and the in-process bus (always);
 * - project "postgres": the PostgreSQL at TEST_DATABASE_URL and, when TEST_REDIS_URL is set,
 *   the Redis bus. Only when TEST_DATABASE_URL is set.
 *
 * Files named *.pg.test.ts need a real server (races, two instances). Without
 * TEST_DATABASE_URL they run in the pglite project only to say loudly that they were skipped;
 * CI sets both variables, and a CI run without them fails here, before any test.
 */
const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;
const testRedisUrl = process.env.TEST_REDIS_URL || undefined;

if (process.env.CI === "true" && (!testDatabaseUrl || !testRedisUrl)) {
  throw new Error(
    "CI=true but TEST_DATABASE_URL and/or TEST_REDIS_URL is missing: CI must run the integration suite " +
      "on PostgreSQL and Redis (ARCHITECTURE 'Where tests find their PostgreSQL and Redis').",
  );
}

const suites = ["tests/integration/**/*.test.ts", "tests/contract/**/*.test.ts"];
const needsRealServices = "tests/**/*.pg.test.ts";

export default defineConfig({
  test: {
    pool: "forks",
    // Vitest's default (cores - 1) is one worker on a 2-core machine; these files wait on
    // PostgreSQL, Redis and sockets much of the time, so one more worker than cores pays.
    maxWorkers: Math.max(2, os.availableParallelism() + 1),
    // Ceilings that only a hang reaches: no test may fail because the machine is slow or busy
    // (CI must pass on a machine twice as slow); waits inside tests wait for real conditions.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: "pglite",
          include: suites,
          exclude: testDatabaseUrl ? [needsRealServices] : [],
          globalSetup: ["tests/support/global-setup.ts"],
          provide: { dbMode: "pglite" as const },
        },
      },
      ...(testDatabaseUrl
        ? [
            {
              extends: true,
              test: {
                name: "postgres",
                include: suites,
                globalSetup: ["tests/support/global-setup.ts"],
                provide: { dbMode: "postgres" as const },
              },
            },
          ]
        : []),
    ],
  },
});
