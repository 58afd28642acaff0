import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The import zones of eslint.config.js (ARCHITECTURE "Dependency direction") catch what they
 * are meant to catch: each case lints one import, as if it stood in the named file, with the
 * project's own config. `npx eslint .` passing proves only that nothing breaks them today.
 * It needs no database (both projects run it: a skip would count in npm test's summary).
 */
const zoneRule = "no-restricted-imports";

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

/** The zone messages ESLint reports for `code` placed at `filePath` (repository-relative). */
async function zoneErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId === zoneRule).map((m) => m.message);
}

const cases: Array<[file: string, code: string, allowed: boolean]> = [
  // The client sees the router's type and the error codes' type, nothing else.
  ["client/lib/trpc.ts", `import type { AppRouter } from "../../server/router";`, true],
  ["client/lib/errors.ts", `import type { AppErrorCode } from "../../server/domain-error";`, true],
  ["client/lib/trpc.ts", `import { appRouter } from "../../server/router";`, false],
  ["client/lib/errors.ts", `import { DomainError } from "../../server/domain-error";`, false],
  ["client/lib/x.ts", `import type { SendInput } from "../../server/features/chats/chats.schema";`, false],
  ["client/app/x.tsx", `import type { Database } from "../../db/database";`, false],
  ["client/lib/x.ts", `import { up } from "../../migrations/2024_01_01_0000_create_users";`, false],
  // Client features do not import each other.
  ["client/features/likes/components/x.tsx", `import { ChatView } from "../../chats/components/chat-view";`, false],
  ["client/features/likes/components/x.tsx", `import { Button } from "../../../components/ui/button";`, true],
  ["client/features/likes/components/x.tsx", `import { useLikes } from "../api/use-likes";`, true],
  // Only repositories (and db/, infra/) use Kysely's values; its types are fine everywhere.
  ["server/features/chats/chats.service.ts", `import { sql } from "kysely";`, false],
  ["server/features/chats/chats.service.ts", `import type { Transaction } from "kysely";`, true],
  ["server/legacy/user.routes.ts", `import { sql } from "kysely";`, false],
  ["server/trpc/context.ts", `import postgres from "postgres";`, false],
  ["server/features/chats/chats.repository.ts", `import { sql } from "kysely";`, true],
  ["server/infra/x.ts", `import { sql } from "kysely";`, true],
  // Features do not import legacy/, nor another feature's repository.
  ["server/features/chats/chats.service.ts", `import { shapeUser } from "../../legacy/shapes.js";`, false],
  ["server/features/chats/chats.service.ts", `import { likeOf } from "../likes/likes.repository.js";`, false],
  ["server/features/chats/chats.service.ts", `import { like } from "../likes/likes.service.js";`, true],
  ["server/features/chats/chats.service.ts", `import { insertMessage } from "./chats.repository.js";`, true],
  // Repositories import only db/.
  ["server/features/chats/chats.repository.ts", `import { like } from "../likes/likes.service.js";`, false],
  ["server/features/chats/chats.repository.ts", `import type { Db } from "../../../db/create-db.js";`, true],
  // db/ knows nothing above it, nor HTTP, tRPC, zod or Redis.
  ["db/x.ts", `import { loadConfig } from "../server/config.js";`, false],
  ["db/x.ts", `import { z } from "zod";`, false],
  ["db/x.ts", `import { TRPCError } from "@trpc/server";`, false],
  ["db/x.ts", `import { Redis } from "ioredis";`, false],
  ["db/x.ts", `import { sql } from "kysely";`, true],
  // Migrations import no app code.
  ["migrations/2030_01_01_0000_add_x.ts", `import type { Database } from "../db/database.js";`, false],
  ["migrations/2030_01_01_0000_add_x.ts", `import { sql, type Kysely } from "kysely";`, true],
  // Nothing imports tests/.
  ["server/infra/x.ts", `import { createMember } from "../../tests/support/factories.js";`, false],
  ["bench/lib/x.ts", `import { createMember } from "../../tests/support/factories.js";`, false],
  ["client/lib/x.ts", `import { createMember } from "../../tests/support/factories.js";`, false],
];

describe("the architecture's import zones (eslint.config.js)", () => {
  it.each(cases)("%s: %s → allowed %s", async (file, code, allowed) => {
    const errors = await zoneErrors(file, code);
    if (allowed) expect(errors).toEqual([]);
    else expect(errors).toHaveLength(1);
  });
});
