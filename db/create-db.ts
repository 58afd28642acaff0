import fs from "node:fs";
import {
  CompiledQuery,
  Kysely,
  PGliteDialect,
  sql,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type Transaction,
} from "kysely";
import { PostgresJSDialect } from "kysely-postgres-js";
import postgres from "postgres";
import type { Database } from "./database.js";
import { PGliteThread } from "./pglite-thread.js";

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
 * kysely-postgres-js's dialect, with statements outside a transaction on postgres.js's pool and
 * two repairs.
 *
 * Pooled statements (issue 13): kysely-postgres-js reserves a connection for every statement,
 * so a statement waits for a connection of its own and is written to it alone. Here a statement
 * outside a transaction runs on the pool (`sql.unsafe`), as a plain postgres.js query does: an
 * idle connection takes it, or, when all are busy, it is pipelined behind another and written
 * in the same packet. A transaction reserves a connection at `begin` and keeps it until commit
 * or rollback. Outside a transaction, consecutive statements may therefore run on different
 * connections: session state (SET, session advisory locks, temporary tables) needs a
 * transaction. Measured by bench:legacy (docs/performance.md, docs/decisions.md).
 *
 * A repaired rollback: Kysely 0.29's PostgresDriver, which that driver extends, marks a
 * connection whose ROLLBACK failed for discard through a private method that kysely-postgres-js's
 * connection does not have: the resulting TypeError would replace the real error
 * (CONNECTION_CLOSED when PostgreSQL restarts), so the request answered 500 instead of 503.
 * postgres.js drops dead connections itself, so the rollback's own error is simply passed on.
 *
 * And a bounded close: postgres.js's end() without a timeout waits for every query and reserved
 * connection, so one query stuck at shutdown (a lock wait, a connection reserved while the pool
 * was ending) kept `db.destroy()` waiting for ever. It now waits DESTROY_TIMEOUT_S, then closes.
 */
class PostgresJsDialectFixed extends PostgresJSDialect {
  readonly #sql: postgres.Sql;
  constructor(sqlClient: postgres.Sql) {
    super({ postgres: sqlClient });
    this.#sql = sqlClient;
  }
  override createDriver(): Driver {
    const reserving = super.createDriver();
    const sqlClient = this.#sql;
    const reservedOf = (connection: DatabaseConnection) => {
      const reserved = (connection as PooledConnection).reserved;
      if (!reserved) throw new Error("no transaction is open on this connection");
      return reserved;
    };
    return {
      init: (options) => reserving.init(options),
      acquireConnection: async () => new PooledConnection(sqlClient),
      async beginTransaction(connection, settings) {
        const pooled = connection as PooledConnection;
        pooled.reserved = await reserving.acquireConnection();
        await reserving.beginTransaction(pooled.reserved, settings);
      },
      commitTransaction: (connection) => reserving.commitTransaction(reservedOf(connection)),
      async rollbackTransaction(connection) {
        await reservedOf(connection).executeQuery(CompiledQuery.raw("rollback"));
      },
      savepoint: (connection, name, compile) => reserving.savepoint!(reservedOf(connection), name, compile),
      rollbackToSavepoint: (connection, name, compile) =>
        reserving.rollbackToSavepoint!(reservedOf(connection), name, compile),
      releaseSavepoint: (connection, name, compile) =>
        reserving.releaseSavepoint!(reservedOf(connection), name, compile),
      async releaseConnection(connection) {
        const pooled = connection as PooledConnection;
        const reserved = pooled.reserved;
        pooled.reserved = null;
        if (reserved) await reserving.releaseConnection(reserved);
      },
      async destroy() {
        // The first end() decides; the driver's own end() then returns the same promise.
        await sqlClient.end({ timeout: DESTROY_TIMEOUT_S });
        await reserving.destroy();
      },
    };
  }
}

/** The commands whose result count is the number of rows they changed (Kysely's numAffectedRows). */
const COUNTED_COMMANDS = new Set(["INSERT", "UPDATE", "DELETE", "MERGE"]);

/**
 * What Kysely holds while it runs a statement or a transaction on PostgreSQL: statements go to
 * the pool until a transaction begins; from then on to the connection reserved for it.
 */
class PooledConnection implements DatabaseConnection {
  /** The reserved connection of the open transaction, or null outside one. */
  reserved: DatabaseConnection | null = null;
  constructor(private readonly sqlClient: postgres.Sql) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.reserved) return this.reserved.executeQuery(query);
    // The same call and result shape as kysely-postgres-js's reserved connection.
    const result = await this.sqlClient.unsafe(query.sql, [...query.parameters] as never[], { prepare: true });
    return {
      numAffectedRows: COUNTED_COMMANDS.has(result.command) ? BigInt(result.count) : undefined,
      rows: Array.from(result.values()) as R[],
    };
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    if (this.reserved) {
      yield* this.reserved.streamQuery<R>(query, chunkSize);
      return;
    }
    const cursor = this.sqlClient.unsafe(query.sql, [...query.parameters] as never[]).cursor(chunkSize);
    for await (const rows of cursor) yield { rows: rows as unknown as R[] };
  }
}

/** How long closing the pool waits for queries under way before closing their connections, seconds. */
const DESTROY_TIMEOUT_S = 5;

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
      // While PostgreSQL is away (restart, failover) a request waits for at most one reconnect
      // attempt, then answers 503: attempts every ≤ 2 s (jittered) instead of postgres.js's
      // default back-off of up to 20 s. (connect_timeout stays 30 s: on a busy machine a
      // connection may take seconds to open, and a refused one fails at once anyway.)
      backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 2) * (0.5 + Math.random() / 2),
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
    return {
      db: new Kysely<Database>({ dialect: new PostgresJsDialectFixed(sqlClient) }),
      mode: "postgres",
    };
  }
  const dir = options.pgliteDir;
  if (dir && dir !== "memory://") fs.mkdirSync(dir, { recursive: true });
  // On a worker thread of its own, so its statements do not block the event loop (db/pglite-thread.ts).
  const pglite = new PGliteThread(dir && dir !== "memory://" ? dir : undefined);
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

/** Connection-level failures from postgres.js and Node's sockets: the server is unreachable or went away. */
const UNAVAILABLE_ERRNOS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_DESTROYED",
  "CONNECTION_ENDED",
]);

/**
 * True when `err` (or its cause) says the database cannot be reached right now, rather than
 * that the statement was wrong: a refused or lost connection, or PostgreSQL shutting down or
 * starting up (SQLSTATE class 08 connection exceptions; 57P01–57P03 admin/crash shutdown and
 * "cannot connect now"). Callers answer these with 503 and a retry hint, never 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") {
      if (UNAVAILABLE_ERRNOS.has(code)) return true;
      if (code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03") return true;
    }
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Readiness probe: one trivial query. Resolves when the database answers within `timeoutMs`
 * (milliseconds), rejects otherwise — a probe must answer even while connections are being retried.
 */
export async function pingDatabase(db: DB, timeoutMs = 2000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      sql`select 1`.execute(db),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer from the database within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
