import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { FileMigrationProvider, Migrator } from "kysely/migration";
import type { DB } from "./create-db.js";

const migrationFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../migrations");

/**
 * Apply every pending migration in migrations/ (named YYYY_MM_DD_HHMM_<verb>_<noun>.ts).
 * @returns the names of the migrations applied by this call.
 * @throws the first migration error; earlier migrations of the call stay applied.
 */
export async function migrateToLatest(db: DB): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder }),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

// `npm run db:migrate`: migrate the configured database and exit.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { loadConfig } = await import("../server/config.js");
  const { createDb } = await import("./create-db.js");
  const config = loadConfig();
  const { db } = createDb({ databaseUrl: config.DATABASE_URL, pgliteDir: config.pgliteDir });
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `applied: ${applied.join(", ")}` : "database is up to date");
  await db.destroy();
}
