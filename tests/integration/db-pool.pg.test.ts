import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createDb, type DB } from "../../db/create-db.js";
import { createTestDatabase, type TestDatabase } from "../support/database.js";
import { skipWithout } from "../support/env.js";

/**
 * The PostgreSQL driver (db/create-db.ts): statements outside a transaction run on postgres.js's
 * pool, a transaction keeps one reserved connection from begin to commit or rollback. What
 * must hold whatever the load: a transaction's statements see its own writes and nobody else
 * does before commit, a statement outside never lands inside someone's transaction, locks
 * held by a transaction never stall the transaction itself, and savepoints and streams work.
 */
describe.skipIf(skipWithout("postgres", "the pooled PostgreSQL driver"))(
  "statements and transactions on the pool",
  () => {
    let database: TestDatabase;
    let db: DB;
    /** A second handle with a single connection: every statement competes with the transaction. */
    let single: DB;

    beforeAll(async () => {
      database = await createTestDatabase("postgres");
      db = createDb({ databaseUrl: database.databaseUrl, poolMax: 2 }).db;
      single = createDb({ databaseUrl: database.databaseUrl, poolMax: 1 }).db;
      await sql`create table pool_probe (id int primary key, v int not null)`.execute(db);
    });
    afterAll(async () => {
      await db?.destroy();
      await single?.destroy();
      await database?.drop();
    });

    const count = async (handle: DB) =>
      (await sql<{ n: number }>`select count(*)::int as n from pool_probe`.execute(handle)).rows[0]!.n;
    const backend = async (handle: DB) =>
      (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle)).rows[0]!.pid;

    it("a transaction runs on one connection and its writes are seen only inside it until commit", async () => {
      await sql`truncate pool_probe`.execute(db);
      await db.transaction().execute(async (tx) => {
        const first = await backend(tx as unknown as DB);
        await sql`insert into pool_probe values (1, 1)`.execute(tx);
        expect(await count(tx as unknown as DB)).toBe(1);
        expect(await count(db)).toBe(0); // outside: not yet committed
        for (let i = 0; i < 5; i++) expect(await backend(tx as unknown as DB)).toBe(first);
      });
      expect(await count(db)).toBe(1);
    });

    it("a statement outside never runs inside an open transaction, even with one connection", async () => {
      await sql`truncate pool_probe`.execute(single);
      let outside: Promise<number> | undefined;
      await expect(
        single.transaction().execute(async (tx) => {
          await sql`insert into pool_probe values (2, 2)`.execute(tx);
          // Issued while the only connection is reserved: it waits for the end of the transaction.
          outside = count(single);
          await sql`select pg_sleep(0.05)`.execute(tx);
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
      expect(await outside).toBe(0); // it would be 1 had it run on the transaction's connection
      expect(await count(single)).toBe(0);
    });

    it("a statement waiting on a row the transaction locked does not stall the transaction", async () => {
      await sql`truncate pool_probe`.execute(db);
      await sql`insert into pool_probe values (3, 0)`.execute(db);
      let bump: Promise<unknown> | undefined;
      await db.transaction().execute(async (tx) => {
        await sql`select v from pool_probe where id = 3 for update`.execute(tx);
        bump = sql`update pool_probe set v = v + 1 where id = 3`.execute(db); // waits for the lock
        for (let i = 0; i < 20; i++) await sql`update pool_probe set v = v + 10 where id = 3`.execute(tx);
      });
      await bump;
      const { rows } = await sql<{ v: number }>`select v from pool_probe where id = 3`.execute(db);
      expect(rows[0]!.v).toBe(201);
    });

    it("many statements at once on two connections all answer, each with its own result", async () => {
      const answers = await Promise.all(
        Array.from({ length: 300 }, (_, i) => sql<{ n: number }>`select ${i}::int as n`.execute(db)),
      );
      expect(answers.map((a) => a.rows[0]!.n)).toEqual(Array.from({ length: 300 }, (_, i) => i));
      const pids = new Set(await Promise.all(Array.from({ length: 50 }, () => backend(db))));
      expect(pids.size).toBeLessThanOrEqual(2);
    });

    it("a transaction begins while statements flood the pool", async () => {
      await sql`truncate pool_probe`.execute(db);
      const flood = Promise.all(Array.from({ length: 500 }, () => count(db)));
      await db.transaction().execute(async (tx) => {
        await sql`insert into pool_probe values (4, 4)`.execute(tx);
      });
      await flood;
      expect(await count(db)).toBe(1);
    });

    it("savepoints roll back only what followed them", async () => {
      await sql`truncate pool_probe`.execute(db);
      const trx = await db.startTransaction().execute();
      await sql`insert into pool_probe values (5, 5)`.execute(trx);
      const sp = await trx.savepoint("probe").execute();
      await sql`insert into pool_probe values (6, 6)`.execute(sp);
      await sp.rollbackToSavepoint("probe").execute();
      await trx.commit().execute();
      const { rows } = await sql<{ id: number }>`select id from pool_probe order by id`.execute(db);
      expect(rows.map((r) => r.id)).toEqual([5]);
    });

    it("a streamed query outside a transaction yields every row", async () => {
      await sql`truncate pool_probe`.execute(db);
      await sql`insert into pool_probe select g, g from generate_series(1, 250) g`.execute(db);
      const seen: number[] = [];
      for await (const row of db
        .selectFrom("pool_probe" as never)
        .select(sql<number>`id`.as("id"))
        .orderBy(sql`id`)
        .stream(40))
        seen.push((row as { id: number }).id);
      expect(seen).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    });
  },
);
