/**
 * `npm run bench:credits` — paid message sends under concurrency, on PostgreSQL.
 *
 * BENCH_SENDERS premium members hold credits for only a few messages (BENCH_CREDITS, message
 * cost 10) and each tries BENCH_ATTEMPTS sends — more than they can pay for — through the real
 * server (a child process, `chats.send` on each sender's own WebSocket, as the browser sends while
 * its socket is open; BENCH_TRANSPORT=http sends over HTTP instead, as the browser does while its
 * socket is closed), BENCH_CONCURRENCY requests at once; a share of the sends (BENCH_RETRY_SHARE)
 * is fired twice at the same moment with the same client id, as a retrying tab would. Prints:
 *   - charges per second (successful paid sends) and send latency p50/p99;
 *   - overdrafts: balances below 0, ledger rows below 0, members whose balance is not the sum of
 *     their ledger, members charged more than their credits allowed (must all be 0);
 *   - double charges: ledger rows sharing a reference, messages stored twice for one client id,
 *     charged messages without their ledger row and ledger rows without their message (must be 0);
 * and, measured in the same run, the floor: the bare conditional debit + ledger row transaction
 * through postgres.js at the same concurrency, with our figure as a ratio of it.
 *
 * Environment knobs:
 *   BENCH_SENDERS=400  BENCH_RECIPIENTS=40  BENCH_CREDITS=50  BENCH_ATTEMPTS=8
 *   BENCH_CONCURRENCY=64  BENCH_RETRY_SHARE=0.25  BENCH_POOL_MAX=10  BENCH_PORT=3390
 *   BENCH_TRANSPORT=socket|http  socket (default): each sender's tRPC client on its own WebSocket
 *     (cookie and Origin on the upgrade, connected before the timed phase); http: one POST each
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres (admin connection: creates/drops bench_credits_* databases)
 *   BENCH_PAIRING=random|fixed  random (default): each send to a random recipient, so most sends open a
 *     new conversation; fixed: each sender always writes to one recipient (sender i → recipient
 *     i mod BENCH_RECIPIENTS), so after the first every send continues a conversation. Both take
 *     the one-statement send (chat_send_charged: senders are premium, recipients visible)
 *   BENCH_SERVER_PROF=<dir>  the server under test runs with --cpu-prof and writes its V8 CPU profile
 *     into <dir> when it stops (read it with tsx bench/lib/cpuprofile-top.ts <file>)
 */
import crypto from "node:crypto";
import { spawn, type ChildProcess } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { sql } from "kysely";
import { createDb, type DB } from "../db/create-db.js";
import { grantCredits } from "../server/features/credits/credits.repository.js";
import { createSession } from "../server/features/accounts/sessions.service.js";
import { cpuBetween, cpuSnapshot, type CpuUse } from "./lib/cpu.js";
import { createTRPCClient, createWSClient, TRPCClientError, wsLink, type TRPCClient } from "@trpc/client";
import { cookieWebSocket } from "./lib/cookie-websocket.js";
import type { AppRouter } from "../server/router.js";
import { writeBenchRun } from "./lib/results.js";

const env = process.env;
const SENDERS = Number(env.BENCH_SENDERS ?? 400);
const RECIPIENTS = Number(env.BENCH_RECIPIENTS ?? 40);
const CREDITS = Number(env.BENCH_CREDITS ?? 50);
const ATTEMPTS = Number(env.BENCH_ATTEMPTS ?? 8);
const CONCURRENCY = Number(env.BENCH_CONCURRENCY ?? 64);
const RETRY_SHARE = Number(env.BENCH_RETRY_SHARE ?? 0.25);
const POOL_MAX = Number(env.BENCH_POOL_MAX ?? 10);
const PORT = Number(env.BENCH_PORT ?? 3390);
const PG_ADMIN_URL = env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const MESSAGE_CREDITS = 10; // site.settings message_credits (§3)
const PAIRING = env.BENCH_PAIRING === "fixed" ? "fixed" : "random";
const TRANSPORT = env.BENCH_TRANSPORT === "http" ? "http" : "socket";
const SERVER_PROF = env.BENCH_SERVER_PROF ? path.resolve(env.BENCH_SERVER_PROF) : null;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const started = performance.now();
const log = (msg: string) =>
  process.stdout.write(`[${((performance.now() - started) / 1000).toFixed(1).padStart(5)}s] ${msg}\n`);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Run `tasks` with at most `limit` at once. */
async function pool<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]!();
      }
    }),
  );
  return results;
}

async function startServer(databaseUrl: string): Promise<ChildProcess> {
  // One instance on PostgreSQL with the in-process bus: the figure is the money path, not Redis.
  const { REDIS_URL: _redis, ...rest } = env;
  const child = spawn(
    path.join(root, "node_modules/.bin/node"),
    // Profiled: tsx as a loader in the server's own process (its CLI would run the server in a child).
    SERVER_PROF
      ? ["--cpu-prof", `--cpu-prof-dir=${SERVER_PROF}`, "--import", "tsx", "server/main.ts"]
      : [path.join(root, "node_modules/.bin/tsx"), "server/main.ts"],
    {
      cwd: root,
      env: {
        ...rest,
        NODE_ENV: "production",
        PAYMENT_PROVIDER: "simulated", // the test-mode checkout (server/config.ts)
        PORT: String(PORT),
        HOST: "127.0.0.1",
        DATABASE_URL: databaseUrl,
        DATABASE_POOL_MAX: String(POOL_MAX),
        SEED_DEMO: "false",
        LOG_LEVEL: "warn",
        DATA_DIR: path.join(root, "var", "bench-credits"),
        PAYMENT_WEBHOOK_SECRET: crypto.randomBytes(24).toString("hex"),
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/readyz`)).ok) return child;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGTERM");
  throw new Error("the server did not become ready");
}

async function createMembers(db: DB) {
  const hash = "$argon2id$v=19$m=65536,t=3,p=4$bench$bench"; // nobody logs in: sessions are made directly
  const make = async (n: number, prefix: string, paid: boolean) => {
    const users = await db
      .insertInto("users")
      .values(
        Array.from({ length: n }, (_, i) => ({
          email: `${prefix}${i}@bench.test`,
          password_hash: hash,
          status: "active" as const,
          paid_user: paid,
        })),
      )
      .returning("id")
      .execute();
    await db
      .insertInto("profiles")
      .values(
        users.map((u, i) => ({
          id: u.id,
          name: `${prefix} ${i}`,
          status: "active" as const,
          birth_date: "1990-01-01",
          gender: paid ? ("male" as const) : ("female" as const),
          country: "NL",
        })),
      )
      .execute();
    return users.map((u) => u.id);
  };
  const senders = await make(SENDERS, "sender", true);
  const recipients = await make(RECIPIENTS, "recipient", false);
  for (const id of senders) await db.transaction().execute((tx) => grantCredits(tx, id, CREDITS, "demo_grant", null));
  const tokens = new Map<number, string>();
  for (const id of senders) tokens.set(id, (await createSession(db, id)).token);
  return { senders, recipients, tokens };
}

interface SendOutcome {
  ms: number;
  status: number;
  code: string | null;
  charged: number;
  duplicate: boolean;
}

/** A sender's tRPC client on its own WebSocket, authenticated by its cookie on the upgrade (as a tab's). */
interface SocketClient {
  trpc: TRPCClient<AppRouter>;
  close(): void;
}

async function openSocket(token: string): Promise<SocketClient> {
  let opened!: () => void;
  const open = new Promise<void>((resolve) => (opened = resolve));
  const wsClient = createWSClient({
    url: `ws://127.0.0.1:${PORT}/trpc`,
    WebSocket: cookieWebSocket(token, `http://127.0.0.1:${PORT}`),
    onOpen: () => opened(),
  });
  await open;
  return {
    trpc: createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] }),
    close: () => wsClient.close(),
  };
}

/** One chats.send, on the sender's socket (`socket` given) or as an HTTP POST; timed from call to answer. */
async function send(token: string, toProfileId: number, clientId: string, socket?: SocketClient): Promise<SendOutcome> {
  const t0 = performance.now();
  const input = { toProfileId, clientId, body: "Hello from the bench" };
  if (socket) {
    try {
      const r = await socket.trpc.chats.send.mutate(input);
      return { ms: performance.now() - t0, status: 200, code: null, charged: r.charged, duplicate: r.duplicate };
    } catch (err) {
      const data = err instanceof TRPCClientError ? (err.data as { httpStatus?: number; appCode?: string }) : undefined;
      return {
        ms: performance.now() - t0,
        status: data?.httpStatus ?? 0,
        code: data?.appCode ?? String(err),
        charged: 0,
        duplicate: false,
      };
    }
  }
  const res = await fetch(`http://127.0.0.1:${PORT}/trpc/chats.send`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: `auth=${token}`, origin: `http://127.0.0.1:${PORT}` },
    body: JSON.stringify(input),
  });
  const body = (await res.json()) as {
    result?: { data?: { charged: number; duplicate: boolean } };
    error?: { data?: { appCode?: string } };
  };
  return {
    ms: performance.now() - t0,
    status: res.status,
    code: body.error?.data?.appCode ?? null,
    charged: body.result?.data?.charged ?? 0,
    duplicate: body.result?.data?.duplicate ?? false,
  };
}

/** The bare debit: the conditional update and, when it succeeds, the ledger row. @returns whether it charged. */
async function bareDebit(tx: postgres.TransactionSql, sender: number, reference: string): Promise<boolean> {
  const [row] =
    await tx`update users set credits = credits - ${MESSAGE_CREDITS} where id = ${sender} and credits >= ${MESSAGE_CREDITS} returning credits`;
  if (!row) return false;
  await tx`insert into credit_ledger (user_id, delta, balance_after, reason, reference) values (${sender}, ${-MESSAGE_CREDITS}, ${row.credits}, 'message', ${reference})`;
  return true;
}

/** The floor: the bare paid-message debit (conditional update + ledger row) through postgres.js, same concurrency. */
async function floor(
  databaseUrl: string,
  database: string,
  senders: number[],
  charges: number,
): Promise<{ perSecond: number; p50: number; p99: number; cpu: CpuUse }> {
  const client = postgres(databaseUrl, { max: POOL_MAX, onnotice: () => {} });
  await client`update users set credits = credits + ${MESSAGE_CREDITS * ATTEMPTS} where id = any(${senders})`;
  const latencies: number[] = [];
  const tasks = Array.from({ length: charges }, (_, i) => async () => {
    const id = senders[i % senders.length]!;
    const t0 = performance.now();
    await client.begin((tx) => bareDebit(tx, id, `floor:${crypto.randomUUID()}`));
    latencies.push(performance.now() - t0);
  });
  const cpu0 = cpuSnapshot([process.pid], ["postgres"], database);
  const t0 = performance.now();
  await pool(tasks, CONCURRENCY);
  const seconds = (performance.now() - t0) / 1000;
  // Before the client ends: its backends' CPU leaves the count when they exit.
  const cpu = cpuBetween(cpu0, cpuSnapshot([process.pid], ["postgres"], database));
  await client.end();
  latencies.sort((a, b) => a - b);
  return { perSecond: charges / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), cpu };
}

/** One send of the bench: `twice` fires it twice at the same moment with the same client id. */
interface Attempt {
  sender: number;
  to: number;
  clientId: string;
  twice: boolean;
}

/**
 * The floor for the same mix (reported beside the floor, which runs only as many
 * debits as we charged, all of them affordable): every attempt of the bench, in its order and
 * at its concurrency, as the bare transaction — conditional debit, and the ledger row when it
 * succeeds (a twin fails on the unique reference) — starting again from BENCH_CREDITS each.
 */
async function floorSameMix(
  databaseUrl: string,
  senders: number[],
  attempts: Attempt[],
): Promise<{ chargesPerSecond: number; charges: number; refused: number; duplicates: number }> {
  const client = postgres(databaseUrl, { max: POOL_MAX, onnotice: () => {} });
  await client`update users set credits = ${CREDITS} where id = any(${senders})`;
  let charges = 0;
  let refused = 0;
  let duplicates = 0;
  const debit = async (sender: number, reference: string) => {
    try {
      if (await client.begin((tx) => bareDebit(tx, sender, reference))) charges++;
      else refused++;
    } catch (err) {
      if ((err as { code?: string }).code !== "23505") throw err;
      duplicates++;
    }
  };
  const tasks = attempts.map(({ sender, clientId, twice }) => async () => {
    const reference = `mix:${clientId}`;
    await (twice ? Promise.all([debit(sender, reference), debit(sender, reference)]) : debit(sender, reference));
  });
  const t0 = performance.now();
  await pool(tasks, CONCURRENCY);
  const seconds = (performance.now() - t0) / 1000;
  await client.end();
  return { chargesPerSecond: charges / seconds, charges, refused, duplicates };
}

/** Wait until no mail or push is pending in the outbox (or `ms` passed). @returns whether it drained. */
async function outboxDrained(db: DB, ms: number): Promise<boolean> {
  const deadline = performance.now() + ms;
  for (;;) {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from mail_outbox where status = 'pending'`.execute(db);
    if (rows[0]!.n === 0) return true;
    if (performance.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function verify(db: DB) {
  const one = async (q: ReturnType<typeof sql<{ n: number }>>) => Number((await q.execute(db)).rows[0]!.n);
  return {
    negativeBalances: await one(sql`select count(*)::int as n from users where credits < 0`),
    negativeLedgerRows: await one(sql`select count(*)::int as n from credit_ledger where balance_after < 0`),
    balanceNotLedgerSum: await one(
      sql`select count(*)::int as n from users u where u.credits <> coalesce((select sum(delta) from credit_ledger l where l.user_id = u.id), 0)`,
    ),
    chargedBeyondCredits: await one(
      sql`select count(*)::int as n from users u where u.paid_user and coalesce((select -sum(delta) from credit_ledger l where l.user_id = u.id and l.reason = 'message'), 0) > ${CREDITS}`,
    ),
    sharedLedgerReferences: await one(
      sql`select count(*)::int as n from (select 1 from credit_ledger where reference is not null group by user_id, reason, reference having count(*) > 1) d`,
    ),
    messagesStoredTwice: await one(
      sql`select count(*)::int as n from (select 1 from messages group by sender_id, client_id having count(*) > 1) d`,
    ),
    chargedWithoutLedgerRow: await one(
      sql`select count(*)::int as n from messages m where m.credits_charged > 0 and not exists (select 1 from credit_ledger l where l.user_id = m.sender_id and l.reason = 'message' and l.reference = 'msg:' || m.client_id::text)`,
    ),
    conversationsOpened: await one(sql`select count(*)::int as n from conversations`),
    ledgerRowWithoutMessage: await one(
      sql`select count(*)::int as n from credit_ledger l where l.reason = 'message' and l.reference like 'msg:%' and not exists (select 1 from messages m where m.sender_id = l.user_id and 'msg:' || m.client_id::text = l.reference)`,
    ),
  };
}

async function main() {
  const name = `bench_credits_${Date.now().toString(36)}`;
  const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  let server: ChildProcess | null = null;
  const sockets = new Map<number, SocketClient>();
  const { db } = createDb({ databaseUrl, poolMax: 4 });
  try {
    log(`PostgreSQL database ${name}; starting the server (pool ${POOL_MAX}) …`);
    server = await startServer(databaseUrl); // migrates the database
    log(
      `creating ${SENDERS} premium senders with ${CREDITS} credits (${Math.floor(CREDITS / MESSAGE_CREDITS)} messages) and ${RECIPIENTS} recipients …`,
    );
    const { senders, recipients, tokens } = await createMembers(db);

    // Each sender: ATTEMPTS sends (to random recipients, or to its one recipient with
    // BENCH_PAIRING=fixed); a share fired twice at once with one client id.
    const attempts: Attempt[] = [];
    for (const [i, sender] of senders.entries()) {
      for (let a = 0; a < ATTEMPTS; a++) {
        const to =
          PAIRING === "fixed"
            ? recipients[i % recipients.length]!
            : recipients[Math.floor(Math.random() * recipients.length)]!;
        attempts.push({ sender, to, clientId: crypto.randomUUID(), twice: Math.random() < RETRY_SHARE });
      }
    }
    for (let i = attempts.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [attempts[i], attempts[j]] = [attempts[j]!, attempts[i]!];
    }
    if (TRANSPORT === "socket") {
      log(`opening ${senders.length} WebSockets (one per sender, as its tab's) …`);
      await pool(
        senders.map((id) => async () => sockets.set(id, await openSocket(tokens.get(id)!))),
        32,
      );
    }
    const tasks = attempts.map(({ sender, to, clientId, twice }) => () => {
      const token = tokens.get(sender)!;
      const socket = sockets.get(sender);
      return twice
        ? Promise.all([send(token, to, clientId, socket), send(token, to, clientId, socket)])
        : send(token, to, clientId, socket).then((o) => [o]);
    });
    log(
      `sending: ${tasks.length} sends (${Math.round(RETRY_SHARE * 100)}% fired twice), ${CONCURRENCY} at once, over ${TRANSPORT === "socket" ? "the senders' WebSockets" : "HTTP"} …`,
    );
    const cpu0 = cpuSnapshot([process.pid], ["postgres"], name);
    const t0 = performance.now();
    const outcomes = (await pool(tasks, CONCURRENCY)).flat();
    const seconds = (performance.now() - t0) / 1000;
    const sendCpu = cpuBetween(cpu0, cpuSnapshot([process.pid], ["postgres"], name));

    const charges = outcomes.filter((o) => o.status === 200 && o.charged > 0).length;
    const refused = outcomes.filter((o) => o.code === "NOT_ENOUGH_CREDITS").length;
    const duplicates = outcomes.filter((o) => o.duplicate).length;
    const other = outcomes.filter((o) => o.status !== 200 && o.code !== "NOT_ENOUGH_CREDITS");
    const latencies = outcomes.map((o) => o.ms).sort((a, b) => a - b);
    const expectedCharges = SENDERS * Math.min(ATTEMPTS, Math.floor(CREDITS / MESSAGE_CREDITS));
    const checks = await verify(db);

    // The server's mail worker sends the sends' §3 mails now: let it finish, so that the floors
    // are measured on a machine as quiet as ours was (bounded).
    const drained = await outboxDrained(db, 120_000);
    log(`mail outbox ${drained ? "drained" : "NOT drained after 120 s"}`);
    log("measuring the floor (bare debit + ledger transaction, postgres.js) …");
    const base = await floor(databaseUrl, name, senders, charges);
    log("measuring the same-mix floor (the bench's attempts, refusals and twins, as bare debits) …");
    const mix = await floorSameMix(databaseUrl, senders, attempts);

    const rows: Array<[string, string]> = [
      ["requests", `${outcomes.length} (${tasks.length} sends, ${outcomes.length - tasks.length} same-id twins)`],
      ["charges (paid sends)", `${charges} of ${expectedCharges} affordable`],
      [
        `conversations opened (BENCH_PAIRING=${PAIRING})`,
        `${checks.conversationsOpened} (premium first messages: one statement, chat_send_charged, as the others)`,
      ],
      ["refused NOT_ENOUGH_CREDITS", String(refused)],
      ["retries answered as duplicates", String(duplicates)],
      [
        "other errors",
        other.length ? `${other.length} (${[...new Set(other.map((o) => o.code ?? o.status))].join(", ")})` : "0",
      ],
      ["elapsed", `${seconds.toFixed(2)} s`],
      ["charges per second", `${(charges / seconds).toFixed(0)} /s`],
      ["requests per second", `${(outcomes.length / seconds).toFixed(0)} /s`],
      [
        "send latency p50 / p99",
        `${percentile(latencies, 50).toFixed(1)} / ${percentile(latencies, 99).toFixed(1)} ms`,
      ],
      [
        "floor: bare debit tx per second",
        `${base.perSecond.toFixed(0)} /s (p50 ${base.p50.toFixed(1)} ms, p99 ${base.p99.toFixed(1)} ms)`,
      ],
      ["charges/s as a share of the floor", `${((charges / seconds / base.perSecond) * 100).toFixed(0)} %`],
      [
        "same-mix floor: charges per second",
        `${mix.chargesPerSecond.toFixed(0)} /s (${mix.charges} charges, ${mix.refused} refused, ${mix.duplicates} twins refused by the reference; ${((charges / seconds / mix.chargesPerSecond) * 100).toFixed(0)} % of it)`,
      ],
      ["CPU while sending (cores)", describeCpu(sendCpu)],
      ["CPU during the floor (cores)", describeCpu(base.cpu)],
      ["OVERDRAFTS: balances below 0", String(checks.negativeBalances)],
      ["OVERDRAFTS: ledger rows below 0", String(checks.negativeLedgerRows)],
      ["OVERDRAFTS: balance ≠ sum of ledger", String(checks.balanceNotLedgerSum)],
      ["OVERDRAFTS: charged beyond credits", String(checks.chargedBeyondCredits)],
      ["DOUBLE CHARGES: shared ledger references", String(checks.sharedLedgerReferences)],
      ["DOUBLE CHARGES: messages stored twice", String(checks.messagesStoredTwice)],
      ["DOUBLE CHARGES: charged message without ledger row", String(checks.chargedWithoutLedgerRow)],
      ["DOUBLE CHARGES: ledger row without message", String(checks.ledgerRowWithoutMessage)],
    ];
    const width = Math.max(...rows.map((r) => r[0].length));
    process.stdout.write(
      `\nbench:credits — PostgreSQL, ${SENDERS} senders × ${ATTEMPTS} attempts, ${CREDITS} credits each, concurrency ${CONCURRENCY}, sends over ${TRANSPORT === "socket" ? "WebSockets" : "HTTP"}\n`,
    );
    for (const [k, v] of rows) process.stdout.write(`  ${k.padEnd(width)}  ${v}\n`);
    const overdrafts =
      checks.negativeBalances + checks.negativeLedgerRows + checks.balanceNotLedgerSum + checks.chargedBeyondCredits;
    const doubles =
      checks.sharedLedgerReferences +
      checks.messagesStoredTwice +
      checks.chargedWithoutLedgerRow +
      checks.ledgerRowWithoutMessage;
    process.stdout.write(
      `\n  overdrafts: ${overdrafts}   double charges: ${doubles}   ${overdrafts + doubles === 0 && charges === expectedCharges ? "OK" : "NOT OK"}\n`,
    );
    process.exitCode = overdrafts + doubles === 0 && charges === expectedCharges ? 0 : 1;
    writeResults({
      "postgres.charges_per_s": {
        ours: charges / seconds,
        floor: base.perSecond,
        ratio: charges / seconds / base.perSecond,
        unit: "charges/s",
      },
      "postgres.charges_per_s_same_mix": {
        ours: charges / seconds,
        floor: mix.chargesPerSecond,
        ratio: charges / seconds / mix.chargesPerSecond,
        unit: "charges/s",
      },
      "postgres.p99": {
        ours: percentile(latencies, 99),
        floor: base.p99,
        ratio: percentile(latencies, 99) / base.p99,
        unit: "ms",
      },
      "postgres.p50": {
        ours: percentile(latencies, 50),
        floor: base.p50,
        ratio: percentile(latencies, 50) / base.p50,
        unit: "ms",
      },
      "postgres.overdrafts": { ours: overdrafts, floor: 0, ratio: null, unit: "count" },
      "postgres.double_charges": { ours: doubles, floor: 0, ratio: null, unit: "count" },
    });
  } finally {
    for (const socket of sockets.values()) socket.close();
    const exited = server && server.exitCode === null ? new Promise((r) => server!.once("exit", r)) : null;
    server?.kill("SIGTERM");
    // The drain and (with BENCH_SERVER_PROF) the profile's write take their time: wait for the exit.
    await Promise.race([exited, new Promise((r) => setTimeout(r, SERVER_PROF ? 60_000 : 5_000))]);
    await db.destroy();
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

/**
 * Where the machine's cores went during a phase: this process (the load generator, or the
 * floor's client), PostgreSQL (this database's backends and the shared writers), and the rest
 * (the server under test, and anything else running).
 */
function describeCpu(use: CpuUse): string {
  const client = use.byPid[process.pid] ?? 0;
  const pg = use.byName.postgres ?? 0;
  const rest = Math.max(0, use.machine - client - pg);
  return `machine ${use.machine.toFixed(2)} of ${use.cores}: bench client ${client.toFixed(2)}, PostgreSQL ${pg.toFixed(2)}, server and rest ${rest.toFixed(2)}`;
}

/** bench/results/latest-credits.json: each figure as {ours, floor, ratio, unit} under stable keys (issue 13). */
function writeResults(
  figures: Record<string, { ours: number; floor: number; ratio: number | null; unit: string }>,
): void {
  const out = {
    bench: "credits",
    at: new Date().toISOString(),
    senders: SENDERS,
    attempts: ATTEMPTS,
    concurrency: CONCURRENCY,
    pool: POOL_MAX,
    pairing: PAIRING,
    transport: TRANSPORT,
    loadavg: os.loadavg(),
    ...figures,
  };
  // The default (random pairing) keeps the stable file; the fixed pairing writes beside it.
  const files = writeBenchRun(PAIRING === "fixed" ? "credits-fixed" : "credits", out);
  log(
    `written: ${files.join(", ")}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
}

await main();
