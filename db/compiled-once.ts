import type { Compilable, CompiledQuery } from "kysely";
import type { DB } from "./create-db.js";

/** Stands for the key while the query is compiled; never sent to the database. */
const KEY_PLACEHOLDER = "\u0000compiled-once-key";

/**
 * A hot query with one varying parameter, built and compiled once per database (issues 12, 13):
 * on the busiest paths (the session lookup of every call, the seq lookup of every legacy poll)
 * building and compiling the Kysely query cost more Node CPU than running it.
 *
 * @param build builds the query for `key`; `key` must appear in it once, as a parameter
 *   (`.where("sessions.id", "=", key)`), and nothing else in it may vary.
 * @returns `(db, key) => first row or undefined`.
 * @throws Error at the first call when the compiled query does not carry `key` exactly once.
 */
export function compiledOnce<Row>(build: (db: DB, key: string) => Compilable<Row>) {
  const compiled = new WeakMap<DB, CompiledQuery<Row>>();
  return async (db: DB, key: string): Promise<Row | undefined> => {
    let query = compiled.get(db);
    if (!query) {
      query = build(db, KEY_PLACEHOLDER).compile();
      if (query.parameters.filter((p) => p === KEY_PLACEHOLDER).length !== 1)
        throw new Error("compiledOnce: the key must be one parameter of the query");
      compiled.set(db, query);
    }
    const parameters = query.parameters.map((p) => (p === KEY_PLACEHOLDER ? key : p));
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows[0];
  };
}
