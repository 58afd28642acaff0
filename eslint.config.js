// ESLint (flat config): typescript-eslint's recommended rules and the dependency zones of
// ../shared/ARCHITECTURE.md ("Dependency direction"), so the layout checks itself in `npm test`.
// Zones are import restrictions per folder (@typescript-eslint/no-restricted-imports, which can
// allow `import type`): the client may see the server's types only, nothing imports tests/, db/
// knows nothing above it, migrations import no app code, features do not import legacy/ or
// another feature's repository, and only repositories (and db/, infra/) use Kysely's values
// (`sql`, query builders); types are fine everywhere.
import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const CLIENT_FEATURES = ["account", "auth", "chats", "checkout", "credits", "likes", "members", "pages"];

/** A restriction pattern: `regex` on the import specifier, with a message naming the rule. */
const banned = (regex, message, allowTypeImports = false) => ({ regex, message, allowTypeImports });

const noTests = banned("(^|/)tests/", "Nothing imports tests/ (ARCHITECTURE: dependency direction).");

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "dist/",
      "var/",
      "test-results/",
      "playwright-report/",
      "bench/results/",
      "client/locales/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
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
    files: ["client/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            banned(
              "^(\\.\\./)+(server|db|migrations)/",
              "The client sees the server only through types: `import type` from server/ (ARCHITECTURE).",
              true,
            ),
            noTests,
          ],
        },
      ],
    },
  },
  // Client features do not import each other (bulletproof-react): shared things live in components/ or lib/.
  ...CLIENT_FEATURES.map((feature) => ({
    files: [`client/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            banned(
              "^(\\.\\./)+(server|db|migrations)/",
              "The client sees the server only through types: `import type` from server/ (ARCHITECTURE).",
              true,
            ),
            noTests,
            banned(
              `^(\\.\\./)+(${CLIENT_FEATURES.filter((f) => f !== feature).join("|")})/`,
              `Client features do not import each other: move what ${feature} shares to client/components or client/lib.`,
            ),
          ],
        },
      ],
    },
  })),
  {
    files: ["server/**/*.ts"],
    ignores: ["server/**/*.repository.ts", "server/infra/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "kysely",
              message: "Queries live in *.repository.ts (ARCHITECTURE): import only types from kysely here.",
              allowTypeImports: true,
            },
          ],
          patterns: [noTests],
        },
      ],
    },
  },
  {
    files: ["server/features/**/*.ts"],
    ignores: ["server/features/**/*.repository.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "kysely",
              message: "Queries live in *.repository.ts (ARCHITECTURE): import only types from kysely here.",
              allowTypeImports: true,
            },
          ],
          patterns: [
            noTests,
            banned(
              "(^|/)legacy/",
              "Features do not import the legacy API; legacy handlers call feature services (ARCHITECTURE).",
            ),
            banned(
              "^\\.\\./[a-z-]+/[a-z.-]+\\.repository(\\.js)?$",
              "Call the other feature's service, never its repository (ARCHITECTURE).",
            ),
          ],
        },
      ],
    },
  },
  {
    files: ["server/features/**/*.repository.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            noTests,
            banned(
              "^(\\.\\./)+(server|features|legacy|trpc|http)/|^\\.\\./[a-z-]+/",
              "Repositories import only db/ (ARCHITECTURE).",
              true,
            ),
          ],
        },
      ],
    },
  },
  {
    files: ["db/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: ["zod", "fastify", "ioredis", "@trpc/server", "@trpc/client"].map((name) => ({
            name,
            message: "db/ knows nothing of HTTP, tRPC, zod or Redis (ARCHITECTURE).",
          })),
          patterns: [
            noTests,
            banned("^(\\.\\./)+(server|client|migrations)/", "db/ knows nothing above it (ARCHITECTURE)."),
          ],
        },
      ],
    },
  },
  {
    // Tests and benchmarks read JSON answers of many shapes.
    files: ["tests/**/*.ts", "bench/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["migrations/**/*.ts"],
    rules: {
      // Migrations take Kysely<any>: they are frozen in time and must not follow today's types.
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            banned(
              "^\\.\\./",
              "Migrations are frozen in time: they take Kysely<any> and import no app code (ARCHITECTURE).",
            ),
          ],
        },
      ],
    },
  },
);
