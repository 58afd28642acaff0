import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { createDb } from "../../db/create-db.js";
import { migrateToLatest } from "../../db/migrate.js";

/**
 * Once per project and run: a scratch directory; for PGlite a migrated template data
 * directory (a fresh PGlite init + migration takes seconds, a copy of the template opens in a
 * fraction of that); for PostgreSQL a run id naming the per-file databases, which teardown drops.
 */
export default async function setup(project: TestProject) {
  const mode = project.config.provide?.dbMode ?? "pglite";
  const runId = `${Date.now().toString(36)}${crypto.randomBytes(3).toString("hex")}`;
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), `amora-it-${mode}-`));
  project.provide("runId", runId);
  project.provide("runDir", runDir);

  let templateDir = "";
  if (mode === "pglite") {
    templateDir = path.join(runDir, "template");
    const { db } = createDb({ pgliteDir: templateDir });
    await migrateToLatest(db);
    await db.destroy();
  }
  project.provide("pgliteTemplateDir", templateDir);

  return async function teardown() {
    if (mode === "postgres" && process.env.TEST_DATABASE_URL) {
      // Files drop their own databases; this catches those of a file that crashed.
      const admin = postgres(process.env.TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
      try {
        const rows = await admin<
          { datname: string }[]
        >`select datname from pg_database where datname like ${`it_${runId}_%`}`;
        for (const { datname } of rows) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
      } finally {
        await admin.end();
      }
    }
    fs.rmSync(runDir, { recursive: true, force: true });
  };
}
