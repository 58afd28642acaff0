import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { sql } from "kysely";
import { inject } from "vitest";
import { createDb } from "../../db/create-db.js";
import { migrateToLatest } from "../../db/migrate.js";
import { dbMode, testDatabaseUrl, type DbMode } from "./env.js";

/**
 * A fresh database for one test file, empty but migrated.
 *
 * - PGlite: a copy of the run's migrated template data directory under the file's own DATA_DIR.
 * - PostgreSQL: `CREATE DATABASE it_<run>_<random>` on TEST_DATABASE_URL's server, dropped after.
 *   Its users.id sequence starts at a random offset: member ids are then unique across the
 *   test files running at once, whose instances share one Redis (member channels are named by id).
 */
export interface TestDatabase {
  mode: DbMode;
  /** The file's DATA_DIR (media, mail, and for PGlite the data directory `pglite/`). */
  dataDir: string;
  /** PostgreSQL only: the URL of this file's database. */
  databaseUrl?: string;
  /** Drop the database and remove the data directory. */
  drop(): Promise<void>;
}

export async function createTestDatabase(mode: DbMode = dbMode): Promise<TestDatabase> {
  const runDir = inject("runDir");
  const dataDir = fs.mkdtempSync(path.join(runDir, "file-"));
  if (mode === "pglite") {
    fs.cpSync(inject("pgliteTemplateDir"), path.join(dataDir, "pglite"), { recursive: true });
    return {
      mode,
      dataDir,
      async drop() {
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  if (!testDatabaseUrl) throw new Error("the postgres project needs TEST_DATABASE_URL");
  const name = `it_${inject("runId")}_${crypto.randomBytes(4).toString("hex")}`;
  const admin = postgres(testDatabaseUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();

  const { db } = createDb({ databaseUrl, poolMax: 1 });
  try {
    await migrateToLatest(db);
    const offset = (crypto.randomInt(1, 2000) * 1_000_000).toString();
    await sql.raw(`alter sequence users_id_seq restart with ${offset}`).execute(db);
  } finally {
    await db.destroy();
  }

  return {
    mode,
    dataDir,
    databaseUrl,
    async drop() {
      const admin = postgres(testDatabaseUrl!, { max: 1, onnotice: () => {} });
      try {
        await admin.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await admin.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
