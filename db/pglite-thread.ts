import { Worker } from "node:worker_threads";
import type { PGlite, PGliteQueryResults, PGliteTransaction } from "kysely";

type Answer =
  | { ready: true }
  | { initError: ErrorFields }
  | { id: number; rows: unknown[]; affectedRows?: number }
  | { id: number; error: ErrorFields }
  | { id: number; closed: true };
type ErrorFields = { message: string } & Record<string, string | number | boolean | null>;

/** An Error carrying the fields PostgreSQL gave (code, constraint, detail…), as PGlite's own errors do. */
function errorFrom(fields: ErrorFields): Error {
  const { message, ...rest } = fields;
  return Object.assign(new Error(message), rest);
}

/** What every call answers once the database has closed: unavailable, as a lost PostgreSQL connection. */
function closedError(): Error {
  return Object.assign(new Error("the embedded database has closed"), { code: "CONNECTION_CLOSED" });
}

/**
 * The embedded PGlite, running on a worker thread of its own (db/pglite-worker.mjs; issue 12):
 * PGlite executes PostgreSQL compiled to WebAssembly on the thread that calls it, so in-process
 * every statement blocked the event loop — every socket and request — until it finished (up to
 * 314 ms under bench:chat). The same interface as PGlite for Kysely's PGliteDialect: `query`
 * sends one statement and resolves with its rows; `transaction` runs BEGIN … COMMIT (ROLLBACK
 * on error) around its callback. Kysely holds its connection mutex for a whole transaction
 * (PGlite is single-session), so statements of different callers never interleave.
 *
 * Errors keep PostgreSQL's fields (`code` 23505 for a unique violation, `constraint`…). After
 * close(), or if the worker dies, every call rejects with code CONNECTION_CLOSED.
 */
export class PGliteThread implements PGlite {
  readonly waitReady: Promise<void>;
  ready = false;
  closed = false;
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(a: Answer): void; reject(e: Error): void }>();
  #nextId = 1;

  /** @param dataDir PGlite's data directory; undefined for an in-memory database. */
  constructor(dataDir: string | undefined) {
    this.#worker = new Worker(new URL("./pglite-worker.mjs", import.meta.url), { workerData: { dataDir } });
    this.waitReady = new Promise<void>((resolve, reject) => {
      this.#worker.once("message", (first: Answer) => {
        if ("ready" in first) {
          this.ready = true;
          this.#worker.on("message", (answer: Answer) => this.#settle(answer));
          this.#worker.unref(); // referenced only while a statement is under way (#send)
          resolve();
        } else reject(errorFrom((first as { initError: ErrorFields }).initError));
      });
      this.#worker.once("error", reject);
    });
    this.waitReady.catch(() => {}); // the first query reports it
    this.#worker.on("exit", () => {
      this.closed = true;
      const gone = closedError();
      for (const { reject } of this.#pending.values()) reject(gone);
      this.#pending.clear();
    });
  }

  /** Run one statement with its parameters. @throws the statement's error, with PostgreSQL's fields. */
  async query<T>(sql: string, params: unknown[] = []): Promise<PGliteQueryResults<T>> {
    const answer = await this.#send({ sql, params });
    if ("error" in answer) throw errorFrom(answer.error);
    const { rows, affectedRows } = answer as { rows: T[]; affectedRows?: number };
    return { rows, affectedRows, fields: [] };
  }

  /** BEGIN, the callback, COMMIT; ROLLBACK and the callback's error when it throws. */
  async transaction<T>(callback: (tx: PGliteTransaction) => Promise<T>): Promise<T> {
    await this.query("begin");
    let result: T;
    try {
      result = await callback({
        query: (sql, params) => this.query(sql, params),
        rollback: async () => {
          await this.query("rollback");
        },
      });
    } catch (err) {
      await this.query("rollback").catch(() => {});
      throw err;
    }
    await this.query("commit");
    return result;
  }

  /** Close the database (its files are flushed) and end the worker. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.waitReady.catch(() => {});
    if (!this.closed) await this.#send({ close: true }).catch(() => {});
    await this.#worker.terminate();
    this.closed = true;
  }

  async #send(message: { sql: string; params: unknown[] } | { close: true }): Promise<Answer> {
    await this.waitReady;
    if (this.closed) throw closedError();
    const id = this.#nextId++;
    if (this.#pending.size === 0) this.#worker.ref(); // keep the process alive until it answers
    const answer = new Promise<Answer>((resolve, reject) => this.#pending.set(id, { resolve, reject }));
    this.#worker.postMessage({ id, ...message });
    return answer;
  }

  #settle(answer: Answer): void {
    if (!("id" in answer)) return;
    const waiting = this.#pending.get(answer.id);
    this.#pending.delete(answer.id);
    if (this.#pending.size === 0) this.#worker.unref();
    waiting?.resolve(answer);
  }
}
