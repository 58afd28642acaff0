/**
 * `npm run bench:legacy` — the legacy polling API under 1,000 distinct logged-in members.
 *
 * For each database mode (embedded PGlite; PostgreSQL when BENCH_PG_URL answers), one server
 * process is started with 1,000 members, each logged in (own `auth` session) with a few
 * conversations and unread messages. Then, in the same run and against the same server,
 * autocannon (in this process) measures requests per second and latency for:
 *   - GET /healthz          the bare endpoint: the same Fastify server, doing no work (the floor);
 *   - GET /api/chats.php    each request with the next member's cookie (round robin over 1,000);
 *   - GET /api/user.php     likewise.
 * Printed as a table with the ratio to the bare endpoint. The machines drift 20–45 % between
 * runs (STACK.md): compare ratios taken in one run.
 *
 * Environment knobs:
 *   BENCH_MEMBERS=1000        logged-in members polling
 *   BENCH_SECONDS=10          seconds per endpoint (after a 2 s warm-up)
 *   BENCH_CONNECTIONS=50      concurrent HTTP connections (keep-alive), cycling through the members
 *   BENCH_MODES=pglite,postgres
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres   admin connection (creates/drops a bench_legacy_* database)
 */
import { fork, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import postgres from "postgres";

const env = process.env;
const MEMBERS = Number(env.BENCH_MEMBERS ?? 1000);
const SECONDS = Number(env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 50);
const MODES = (env.BENCH_MODES ?? "pglite,postgres")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);
const PG_ADMIN_URL = env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const self = fileURLToPath(import.meta.url);

interface Ready {
  port: number;
  tokens: string[];
  conversations: number;
  seedMs: number;
}

// ---------------------------------------------------------------- the server under test (child)
async function serverRole(): Promise<void> {
  const { hash } = await import("@node-rs/argon2");
  const { loadConfig } = await import("../server/config.js");
  const { buildApp } = await import("../server/app.js");
  const { hashToken } = await import("../server/features/accounts/sessions.service.js");
  const { sendMessage } = await import("../server/features/chats/chats.service.js");
  const { getSiteForHost } = await import("../server/features/site/site.service.js");

  const config = loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: env.BENCH_DATA_DIR!,
    SEED_DEMO: "false",
    ...(env.BENCH_DATABASE_URL ? { DATABASE_URL: env.BENCH_DATABASE_URL, DATABASE_POOL_MAX: "10" } : {}),
  });
  const { app, deps, close } = await buildApp(config);
  const started = performance.now();

  // 1,000 active members (one password hash for all: argon2 is slow on purpose), each with a session.
  const passwordHash = await hash("bench password 1");
  const ids: number[] = [];
  const tokens: string[] = [];
  for (let from = 0; from < MEMBERS; from += 500) {
    const n = Math.min(500, MEMBERS - from);
    const users = await deps.db
      .insertInto("users")
      .values(
        Array.from({ length: n }, (_, i) => ({
          email: `bench-legacy-${from + i}-${crypto.randomBytes(3).toString("hex")}@example.test`,
          password_hash: passwordHash,
          status: "active" as const,
          free_messages_left: 3,
        })),
      )
      .returning("id")
      .execute();
    await deps.db
      .insertInto("profiles")
      .values(
        users.map((u, i) => ({
          id: u.id,
          name: `Member ${from + i}`,
          status: "active" as const,
          visible: true,
          gender: (from + i) % 2 ? ("male" as const) : ("female" as const),
          birth_date: `19${70 + ((from + i) % 30)}-0${1 + ((from + i) % 9)}-15`,
          country: "NL",
          city: "Amsterdam",
        })),
      )
      .execute();
    const batchTokens = users.map(() => crypto.randomBytes(32).toString("base64url"));
    await deps.db
      .insertInto("sessions")
      .values(
        users.map((u, i) => ({
          id: hashToken(batchTokens[i]!),
          user_id: u.id,
          expires_at: new Date(Date.now() + 86_400_000),
        })),
      )
      .execute();
    ids.push(...users.map((u) => u.id));
    tokens.push(...batchTokens);
  }

  // Conversations through the real send path: member i writes to i+1 and i+7 (two started
  // conversations, the free allowance), so each member has about four chats, some unread.
  let conversations = 0;
  const jobs = ids.flatMap((id, i) =>
    [ids[(i + 1) % ids.length]!, ids[(i + 7) % ids.length]!].map((to) => ({ id, to })),
  );
  const concurrency = env.BENCH_DATABASE_URL ? 8 : 1;
  let next = 0;
  const site = await getSiteForHost(deps, null);
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        await sendMessage(
          deps,
          job.id,
          { toProfileId: job.to, clientId: crypto.randomUUID(), body: `Hello ${job.to}, from ${job.id}` },
          site,
        );
        conversations++;
      }
    }),
  );

  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  process.send!({ port, tokens, conversations, seedMs: performance.now() - started } satisfies Ready);
  process.on("message", async (msg) => {
    if (msg === "stop") {
      await close();
      process.exit(0);
    }
  });
}

// ---------------------------------------------------------------- the load generator (parent)
interface Row {
  mode: string;
  endpoint: string;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  non2xx: number;
  errors: number;
}

function startServer(
  mode: string,
  dataDir: string,
  databaseUrl: string | undefined,
): Promise<{ child: ChildProcess; ready: Ready }> {
  return new Promise((resolve, reject) => {
    const child = fork(self, [], {
      env: {
        ...env,
        BENCH_ROLE: "server",
        BENCH_DATA_DIR: dataDir,
        ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}),
      },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    child.once("message", (ready) => resolve({ child, ready: ready as Ready }));
    child.once("exit", (code) => reject(new Error(`${mode} server exited with ${code} before it was ready`)));
  });
}

async function measure(
  port: number,
  urlPath: string,
  tokens: string[] | null,
  seconds: number,
): Promise<autocannon.Result> {
  let i = 0;
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: "GET",
        path: urlPath,
        setupRequest: (req) =>
          tokens
            ? {
                ...req,
                headers: { ...req.headers, cookie: `auth=${tokens[i++ % tokens.length]}`, "x-request-type": "bench" },
              }
            : req,
      },
    ],
  });
}

async function runMode(mode: string): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-legacy-${mode}-`));
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  if (mode === "postgres") {
    dbName = `bench_legacy_${Date.now().toString(36)}`;
    const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${dbName}"`);
    await admin.end();
    const u = new URL(PG_ADMIN_URL);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const { child, ready } = await startServer(mode, dataDir, databaseUrl);
  console.log(
    `[${mode}] ${ready.tokens.length} members logged in, ${ready.conversations} messages sent, seeded in ${(ready.seedMs / 1000).toFixed(1)} s; ${CONNECTIONS} connections, ${SECONDS} s per endpoint`,
  );
  const rows: Row[] = [];
  try {
    const targets: Array<[string, string[] | null]> = [
      ["/healthz", null],
      ["/api/chats.php", ready.tokens],
      ["/api/user.php", ready.tokens],
    ];
    // Sanity: each polled endpoint answers 200 for a member.
    for (const [p, toks] of targets) {
      const res = await fetch(`http://127.0.0.1:${ready.port}${p}`, {
        headers: toks ? { cookie: `auth=${toks[0]}` } : {},
      });
      if (res.status !== 200) throw new Error(`${p} answered ${res.status}: ${await res.text()}`);
    }
    for (const [p, toks] of targets) {
      await measure(ready.port, p, toks, 2); // warm-up
      const r = await measure(ready.port, p, toks, SECONDS);
      rows.push({
        mode,
        endpoint: `GET ${p}${p === "/healthz" ? " (bare)" : ""}`,
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        max: r.latency.max,
        requests: r.requests.total,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
      });
    }
  } finally {
    child.send("stop");
    await new Promise((r) => child.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dbName) {
      const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
      await admin.end();
    }
  }
  return rows;
}

async function pgAvailable(): Promise<boolean> {
  const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {}, connect_timeout: 3 });
  try {
    await admin`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await admin.end({ timeout: 1 });
  }
}

function printTable(rows: Row[]): void {
  const header = ["mode", "endpoint", "req/s", "× bare", "p50 ms", "p99 ms", "max ms", "requests", "non-2xx", "errors"];
  const bare = new Map(rows.filter((r) => r.endpoint.includes("(bare)")).map((r) => [r.mode, r.rps]));
  const body = rows.map((r) => [
    r.mode,
    r.endpoint,
    r.rps.toFixed(0),
    (r.rps / (bare.get(r.mode) ?? r.rps)).toFixed(2),
    String(r.p50),
    String(r.p99),
    String(r.max),
    String(r.requests),
    String(r.non2xx),
    String(r.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(`\n${line(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}\n${body.map(line).join("\n")}\n`);
}

async function main(): Promise<void> {
  console.log(`bench:legacy: ${MEMBERS} members polling; Node ${process.version}, ${os.cpus().length} cores`);
  const rows: Row[] = [];
  for (const mode of MODES) {
    if (mode === "postgres" && !(await pgAvailable())) {
      console.log(`[postgres] skipped: no PostgreSQL at ${PG_ADMIN_URL} (set BENCH_PG_URL)`);
      continue;
    }
    rows.push(...(await runMode(mode)));
  }
  printTable(rows);
}

if (env.BENCH_ROLE === "server") await serverRole();
else await main();
