// ESLint (flat config): typescript-eslint's recommended rules (not the type-checked set: it takes
// 40 s and 1.7 GB on two cores, against 10 s), React's hook rules, and the dependency zones of
// ARCHITECTURE.md ("Dependency direction"), so the layout checks itself in `npm test`.
//
// A zone is a set of files and the imports they may not make, written with ESLint's own
// `no-restricted-imports` (which tells `import type` apart: `allowTypeImports`). A file in
// several zones gets the restrictions of the last one only (ESLint replaces a rule's options), so
// `zone()` always adds the rules every zone shares. docs/decisions.md says why this rule and not
// eslint-plugin-boundaries.
import fs from "node:fs";
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** The client's feature folders, read from disk so a new feature is a zone at once. */
const clientFeatures = fs
  .readdirSync(new URL("./client/features/", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Imports whose specifier matches `regex` are errors; with `typesAllowed`, `import type` passes. */
const ban = (regex, message, { typesAllowed = false } = {}) => ({ regex, message, allowTypeImports: typesAllowed });

/** Value imports of these packages are errors; `import type` passes. */
const banValuesOf = (names, message) => names.map((name) => ({ name, message, allowTypeImports: true }));

const nothingImportsTests = ban("(^|/)tests/", "Nothing imports tests/ (ARCHITECTURE: dependency direction).");

/** The client sees the server through two types only: `AppRouter` and the closed set of error codes. */
const clientSeesServerTypesOnly = [
  ban(
    "^(\\.\\./)+server/(router|domain-error)(\\.js)?$",
    "The client imports only types from the server: `import type { AppRouter }` / `{ AppErrorCode }` (ARCHITECTURE).",
    { typesAllowed: true },
  ),
  ban(
    "^(\\.\\./)+(db|migrations)/|^(\\.\\./)+server/(?!(router|domain-error)(\\.js)?$)",
    "The client sees the server only through the router's type and the error codes' type (ARCHITECTURE).",
  ),
];

const queriesLiveInRepositories = banValuesOf(
  ["kysely", "postgres", "@electric-sql/pglite"],
  "Queries live in *.repository.ts (ARCHITECTURE): import only types of Kysely here; drivers belong to db/.",
);

/**
 * One zone: `files` (minus `ignores`) may not import what `paths` and `patterns` name, nor tests/.
 * @param {string} name shown by `eslint --inspect-config`
 * @param {string[]} files
 * @param {{ ignores?: string[], paths?: object[], patterns?: object[] }} restrictions
 */
const zone = (name, files, { ignores = [], paths = [], patterns = [] } = {}) => ({
  name: `zones/${name}`,
  files,
  ignores,
  rules: { "no-restricted-imports": ["error", { paths, patterns: [nothingImportsTests, ...patterns] }] },
});

export default defineConfig(
  globalIgnores([
    "node_modules/",
    "dist/",
    "var/",
    "test-results/",
    "playwright-report/",
    "bench/results/",
    "client/locales/",
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    name: "project/base",
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    name: "project/react-hooks",
    files: ["client/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    // Tests and benchmarks read JSON answers of many shapes.
    name: "project/tests-and-bench",
    files: ["tests/**/*.ts", "bench/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Migrations take Kysely<any>: they are frozen in time and must not follow today's types.
    name: "project/migrations",
    files: ["migrations/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },

  // The zones, from the widest to the narrowest (the last matching zone wins).
  zone("everything", ["**/*.{js,mjs,cjs,ts,tsx}"], {
    // The test runners and their configs name the test files and helpers; they are part of tests/.
    ignores: ["tests/**", "vitest.config.ts", "playwright.config.ts", "scripts/test-all.mjs"],
  }),
  zone("client", ["client/**/*.{ts,tsx}"], { patterns: clientSeesServerTypesOnly }),
  // Client features do not import each other (bulletproof-react): what two features share lives
  // in client/components or client/lib.
  ...clientFeatures.map((feature) =>
    zone(`client/features/${feature}`, [`client/features/${feature}/**/*.{ts,tsx}`], {
      patterns: [
        ...clientSeesServerTypesOnly,
        ban(
          `^(\\.\\./)+(features/)?(${clientFeatures.filter((f) => f !== feature).join("|")})/`,
          `Client features do not import each other: move what ${feature} shares to client/components or client/lib.`,
        ),
      ],
    }),
  ),
  zone("server", ["server/**/*.ts"], {
    ignores: ["server/**/*.repository.ts", "server/infra/**"],
    paths: queriesLiveInRepositories,
  }),
  zone("server/features", ["server/features/**/*.ts"], {
    ignores: ["server/features/**/*.repository.ts"],
    paths: queriesLiveInRepositories,
    patterns: [
      ban(
        "(^|/)legacy/",
        "Features do not import the legacy API; legacy handlers call feature services (ARCHITECTURE).",
      ),
      ban(
        "^\\.\\./[a-z-]+/[a-z.-]+\\.repository(\\.js)?$",
        "Call the other feature's service, never its repository (ARCHITECTURE).",
      ),
    ],
  }),
  zone("server/repositories", ["server/**/*.repository.ts"], {
    patterns: [
      ban(
        "^(\\.\\./)+(server|features|legacy|trpc|http|infra)/|^\\.\\./[a-z-]+/",
        "Repositories import only db/ (ARCHITECTURE).",
        { typesAllowed: true },
      ),
    ],
  }),
  zone("server/infra", ["server/infra/**/*.ts"]),
  zone("db", ["db/**/*.ts"], {
    patterns: [
      ban("^(\\.\\./)+(server|client|migrations)/", "db/ knows nothing above it (ARCHITECTURE)."),
      ban(
        "^(zod|fastify|ioredis)(/.*)?$|^@(trpc|fastify)/",
        "db/ knows nothing of HTTP, tRPC, zod or Redis (ARCHITECTURE).",
      ),
    ],
  }),
  zone("migrations", ["migrations/**/*.ts"], {
    patterns: [
      ban("^\\.\\.?/", "Migrations are frozen in time: they take Kysely<any> and import no app code (ARCHITECTURE)."),
    ],
  }),
);
