import crypto from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { cpuBetween, cpuSnapshot } from "./cpu.js";
import { summarize, type Summary } from "./stats.js";

/**
 * The database floor: the bare paid-message transaction, with nothing of ours around it —
 * debit the sender with `balance >= cost`, bump the conversation's sequence under its row
 * lock, insert the message, insert the ledger row — straight through postgres.js (or PGlite),
 * in tables of its own in a scratch database.
 */

const SCHEMA = [
  `create table floor_users (id int primary key, balance bigint not null check (balance >= 0))`,
  `create table floor_conversations (id int primary key, last_seq int not null default 0)`,
  `create table floor_messages (
     id bigserial primary key, conversation_id int not null, seq int not null, sender_id int not null,
     client_id uuid not null, body text not null, created_at timestamptz not null default now(),
     unique (conversation_id, seq), unique (sender_id, client_id))`,
  `create table floor_ledger (
     id bigserial primary key, user_id int not null, delta int not null, balance_after bigint not null,
     reason text not null, reference text, created_at timestamptz not null default now())`,
];

const USERS = 2000;
const COST = 10;

/** One engine's figures: closed-loop maximum and open-loop steps at fixed rates. */
export interface TxFloorResult {
  engine: "postgres" | "pglite";
  concurrency: number;
  /** transactions per second, `concurrency` loops back to back */
  maxTxPerSec: number;
  maxLatency: Summary;
  /** CPU per transaction in the closed loop, ms: this process (client; for PGlite, the database too) and PostgreSQL's processes */
  cpuPerTxMs: { client: number; postgres: number };
  steps: Array<{
    rate: number;
    seconds: number;
    completed: number;
    achievedRate: number;
    latency: Summary;
    pass: boolean;
  }>;
}

interface Runner {
  tx(sender: number, conversation: number): Promise<void>;
  close(): Promise<void>;
}

async function postgresRunner(url: string, concurrency: number): Promise<Runner> {
  const sql = postgres(url, { max: concurrency, onnotice: () => {} });
  for (const s of SCHEMA) await sql.unsafe(s);
  await sql`insert into floor_users select g, 1000000000 from generate_series(1, ${USERS}) g`;
  await sql`insert into floor_conversations select g from generate_series(1, ${USERS / 2}) g`;
  await sql`analyze`;
  return {
    async tx(sender, conversation) {
      await sql.begin(async (tx) => {
        const [u] =
          await tx`update floor_users set balance = balance - ${COST} where id = ${sender} and balance >= ${COST} returning balance`;
        if (!u) throw new Error("not enough credits");
        const [c] =
          await tx`update floor_conversations set last_seq = last_seq + 1 where id = ${conversation} returning last_seq`;
        const clientId = crypto.randomUUID();
        await tx`insert into floor_messages (conversation_id, seq, sender_id, client_id, body) values (${conversation}, ${c!.last_seq}, ${sender}, ${clientId}, ${"bench message"})`;
        await tx`insert into floor_ledger (user_id, delta, balance_after, reason, reference) values (${sender}, ${-COST}, ${u.balance}, 'message', ${clientId})`;
      });
    },
    close: () => sql.end({ timeout: 5 }),
  };
}

async function pgliteRunner(dataDir: string): Promise<Runner> {
  const pg = await PGlite.create({ dataDir });
  for (const s of SCHEMA) await pg.exec(s);
  await pg.exec(`insert into floor_users select g, 1000000000 from generate_series(1, ${USERS}) g`);
  await pg.exec(`insert into floor_conversations select g from generate_series(1, ${USERS / 2}) g`);
  await pg.exec(`analyze`);
  return {
    async tx(sender, conversation) {
      await pg.transaction(async (tx) => {
        const u = await tx.query<{ balance: number }>(
          `update floor_users set balance = balance - $1 where id = $2 and balance >= $1 returning balance`,
          [COST, sender],
        );
        if (!u.rows[0]) throw new Error("not enough credits");
        const c = await tx.query<{ last_seq: number }>(
          `update floor_conversations set last_seq = last_seq + 1 where id = $1 returning last_seq`,
          [conversation],
        );
        const clientId = crypto.randomUUID();
        await tx.query(
          `insert into floor_messages (conversation_id, seq, sender_id, client_id, body) values ($1, $2, $3, $4, $5)`,
          [conversation, c.rows[0]!.last_seq, sender, clientId, "bench message"],
        );
        await tx.query(
          `insert into floor_ledger (user_id, delta, balance_after, reason, reference) values ($1, $2, $3, 'message', $4)`,
          [sender, -COST, u.rows[0].balance, clientId],
        );
      });
    },
    close: () => pg.close(),
  };
}

const pick = () => {
  const conversation = 1 + Math.floor(Math.random() * (USERS / 2));
  const sender = Math.random() < 0.5 ? 2 * conversation - 1 : 2 * conversation;
  return [sender, conversation] as const;
};

async function measure(
  engine: TxFloorResult["engine"],
  runner: Runner,
  opts: { concurrency: number; maxSeconds: number; rates: number[]; stepSeconds: number; pgDatabase?: string },
): Promise<TxFloorResult> {
  // Warm up (plans, caches).
  for (let i = 0; i < 200; i++) await runner.tx(...pick());

  // Closed loop: `concurrency` transactions back to back.
  const lat: number[] = [];
  let done = 0;
  const cpu0 = cpuSnapshot([process.pid], ["postgres"], opts.pgDatabase);
  const t0 = performance.now();
  const end = t0 + opts.maxSeconds * 1000;
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (performance.now() < end) {
        const s = performance.now();
        await runner.tx(...pick());
        lat.push(performance.now() - s);
        done++;
      }
    }),
  );
  const maxTxPerSec = done / ((performance.now() - t0) / 1000);
  const cpu = cpuBetween(cpu0, cpuSnapshot([process.pid], ["postgres"], opts.pgDatabase));
  const cpuPerTxMs = {
    client: ((cpu.byPid[process.pid] ?? 0) * 1000) / maxTxPerSec,
    postgres: ((cpu.byName.postgres ?? 0) * 1000) / maxTxPerSec,
  };

  // Open loop at fixed rates, up to what the closed loop reached.
  const steps: TxFloorResult["steps"] = [];
  for (const rate of opts.rates) {
    if (rate > maxTxPerSec * 1.05) break;
    const total = Math.round(rate * opts.stepSeconds);
    const interval = 1000 / rate;
    const latencies: number[] = [];
    let completed = 0;
    let inFlight = 0;
    let lastDone = 0;
    const start = performance.now();
    await new Promise<void>((resolve) => {
      let k = 0;
      const tick = () => {
        const due = Math.min(total, Math.floor((performance.now() - start) / interval) + 1);
        while (k < due && inFlight < 1000) {
          k++;
          inFlight++;
          const s = performance.now();
          runner.tx(...pick()).then(() => {
            latencies.push(performance.now() - s);
            completed++;
            inFlight--;
            lastDone = performance.now();
          });
        }
        if (k >= total) return resolve();
        setTimeout(tick, Math.max(0, Math.min(start + k * interval - performance.now(), 5)));
      };
      tick();
    });
    const drainEnd = performance.now() + 10_000;
    while (inFlight > 0 && performance.now() < drainEnd) await new Promise((r) => setTimeout(r, 5));
    const achievedRate = completed / ((lastDone - start) / 1000);
    steps.push({
      rate,
      seconds: opts.stepSeconds,
      completed,
      achievedRate,
      latency: summarize(latencies),
      pass: completed === total && achievedRate >= 0.95 * rate,
    });
  }
  return { engine, concurrency: opts.concurrency, maxTxPerSec, maxLatency: summarize(lat), cpuPerTxMs, steps };
}

/**
 * Measure the bare transaction on PostgreSQL at `url` (a scratch database: tables are created
 * in it). @param opts.rates the open-loop rates to try (those above the closed-loop max are skipped).
 */
export async function postgresTxFloor(
  url: string,
  opts: { concurrency: number; maxSeconds: number; rates: number[]; stepSeconds: number },
): Promise<TxFloorResult> {
  const runner = await postgresRunner(url, opts.concurrency);
  try {
    return await measure("postgres", runner, { ...opts, pgDatabase: new URL(url).pathname.slice(1) });
  } finally {
    await runner.close();
  }
}

/** The same bare transaction on an on-disk PGlite in `dataDir` (single connection: concurrency only queues). */
export async function pgliteTxFloor(
  dataDir: string,
  opts: { concurrency: number; maxSeconds: number; rates: number[]; stepSeconds: number },
): Promise<TxFloorResult> {
  const runner = await pgliteRunner(dataDir);
  try {
    return await measure("pglite", runner, opts);
  } finally {
    await runner.close();
  }
}
