import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PGliteDialect, sql, type Transaction } from "kysely";
import { PostgresJSDialect } from "kysely-postgres-js";
import postgres from "postgres";
import type { Database } from "./database.js";

export type DB = Kysely<Database>;
export type Tx = Transaction<Database>;

/** Which engine a DB handle runs on; tests and /readyz report it. */
export type DbMode = "pglite" | "postgres";

export interface CreateDbOptions {
  /** postgres://… → PostgreSQL through postgres.js; absent → PGlite. */
  databaseUrl?: string;
  /** PGlite data directory; absent (or "memory://") → in-memory PGlite. */
  pgliteDir?: string;
  /** postgres.js pool size. */
  poolMax?: number;
}

const OID_DATE = 1082;

/**
 * Open the database: PGlite (embedded, in-process WASM PostgreSQL) by default,
 * PostgreSQL through postgres.js when a URL is given. Both run the same Kysely queries.
 * `date` columns are read as 'YYYY-MM-DD' strings in both modes (no time-zone drift).
 *
 * @returns the Kysely handle and its mode.
 */
export function createDb(options: CreateDbOptions): { db: DB; mode: DbMode } {
  if (options.databaseUrl) {
    const sqlClient = postgres(options.databaseUrl, {
      max: options.poolMax ?? 10,
      onnotice: () => {},
      types: {
        // jsonb columns are written as JSON text (the Insertable type is string, as PGlite takes it).
        // postgres.js's own json serializer would JSON.stringify that text again once a statement is
        // prepared with a jsonb parameter, storing a JSON string instead of the document: pass text through.
        json: {
          to: 114,
          from: [114, 3802],
          serialize: (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v)),
          parse: (v: string) => JSON.parse(v),
        },
        date: {
          to: OID_DATE,
          from: [OID_DATE],
          serialize: (v: string) => v,
          parse: (v: string) => v,
        },
      },
    });
    return { db: new Kysely<Database>({ dialect: new PostgresJSDialect({ postgres: sqlClient }) }), mode: "postgres" };
  }
  const dir = options.pgliteDir;
  if (dir && dir !== "memory://") fs.mkdirSync(dir, { recursive: true });
  const pglite = new PGlite({
    dataDir: dir && dir !== "memory://" ? dir : undefined,
    parsers: { [OID_DATE]: (v: string) => v },
  });
  return { db: new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) }), mode: "pglite" };
}

const RETRYABLE_CODES = new Set(["40001", "40P01"]); // serialization failure, deadlock detected

/**
 * Run `fn` in one transaction, retrying it (up to `attempts` times) when PostgreSQL
 * aborts it for a deadlock or a serialization failure. `fn` must have no effect outside
 * the transaction, so running it again is safe.
 */
export async function inTransaction<T>(db: DB, fn: (tx: Tx) => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(fn);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= attempts || !code || !RETRYABLE_CODES.has(code)) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
    }
  }
}

/** True when `err` is a unique-key violation (optionally on the named constraint). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint_name?: string; constraint?: string };
  if (e?.code !== "23505") return false;
  return !constraint || e.constraint_name === constraint || e.constraint === constraint;
}

/** Readiness probe: one trivial query. Resolves when the database answers, rejects otherwise. */
export async function pingDatabase(db: DB): Promise<void> {
  await sql`select 1`.execute(db);
}
