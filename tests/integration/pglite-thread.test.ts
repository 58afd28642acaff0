import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createDb, inTransaction, isDatabaseUnavailable, isUniqueViolation, type DB } from "../../db/create-db.js";
import { PGliteThread } from "../../db/pglite-thread.js";

/**
 * The embedded PGlite on its worker thread (db/pglite-thread.ts, issue 12): the event loop goes
 * on while a statement runs, errors keep PostgreSQL's fields, transactions commit or roll back
 * whole, and a closed database answers as unavailable (503), never hangs. It opens its own
 * in-memory PGlite, so it runs alike in both projects.
 */
describe("PGlite on a worker thread", () => {
  let db: DB;
  beforeAll(async () => {
    db = createDb({ pgliteDir: "memory://" }).db;
    await sql`create table probe (id int primary key, note text not null)`.execute(db);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("the event loop turns while a long statement runs", async () => {
    let turns = 0;
    let running = true;
    const spin = () => {
      turns++;
      if (running) setImmediate(spin);
    };
    setImmediate(spin);
    // Several million rows: long enough to span many turns on any machine, had it run on this thread it would span none.
    const { rows } = await sql<{ n: string }>`select sum(g)::text as n from generate_series(1, 3000000) g`.execute(db);
    running = false;
    expect(rows[0]!.n).toBe("4500001500000");
    expect(turns).toBeGreaterThan(10);
  });

  it("errors keep PostgreSQL's code and constraint", async () => {
    await sql`insert into probe values (1, 'first')`.execute(db);
    const err = await sql`insert into probe values (1, 'again')`.execute(db).catch((e: unknown) => e);
    expect(isUniqueViolation(err, "probe_pkey")).toBe(true);
    expect((err as Error).message).toMatch(/duplicate key/);
  });

  it("a transaction commits whole or rolls back whole, and concurrent ones do not interleave", async () => {
    await expect(
      inTransaction(db, async (tx) => {
        await sql`insert into probe values (2, 'in a failed transaction')`.execute(tx);
        throw new Error("give up");
      }),
    ).rejects.toThrow("give up");
    await Promise.all(
      [10, 20, 30].map((base) =>
        inTransaction(db, async (tx) => {
          for (let i = 0; i < 5; i++) await sql`insert into probe values (${base + i}, 'batch')`.execute(tx);
        }),
      ),
    );
    const { rows } = await sql<{ id: number }>`select id from probe order by id`.execute(db);
    expect(rows.map((r) => r.id)).toEqual([1, 10, 11, 12, 13, 14, 20, 21, 22, 23, 24, 30, 31, 32, 33, 34]);
  });

  it("values come back as on PostgreSQL: dates as 'YYYY-MM-DD', timestamps as Date, json parsed", async () => {
    const { rows } = await sql<{
      d: string;
      t: Date;
      j: { a: number[] };
    }>`select '2001-02-03'::date as d, '2001-02-03T04:05:06Z'::timestamptz as t, '{"a":[1,2]}'::jsonb as j`.execute(db);
    expect(rows[0]).toEqual({ d: "2001-02-03", t: new Date("2001-02-03T04:05:06Z"), j: { a: [1, 2] } });
  });

  it("after close, a statement fails at once as 'database unavailable' (503), never hangs", async () => {
    const pglite = new PGliteThread(undefined);
    expect((await pglite.query<{ one: number }>("select 1 as one")).rows).toEqual([{ one: 1 }]);
    await pglite.close();
    expect(pglite.closed).toBe(true);
    const err = await pglite.query("select 1").catch((e: unknown) => e);
    expect(isDatabaseUnavailable(err)).toBe(true);
  });
});
