/**
 * `npm run bench:search` — the §2 member search on 1,000,000 profiles, beside its floor (issue 13).
 *
 * Creates its own PostgreSQL database (dropped afterwards), migrates it, loads BENCH_PROFILES
 * members with COPY (users and profiles; ~5 % hidden: invisible, unconfirmed, pending deletion;
 * the pending deletions' account_deletions rows, half of them purged),
 * VACUUM ANALYZE (what autovacuum does to a live table; index-only scans need its visibility
 * map), then for each realistic filter mix (gender, country, region, age range, newest active
 * first; page 1, page 20 by number and page 20 by keyset cursor) measures at concurrency 1 and 8:
 *   - ours: the members service's searchMembers (the page query and the capped count, as the
 *     members.search procedure runs them), through Kysely on the app's pool;
 *   - the floor: the very same SQL statements (captured from ours) through postgres.js, no app.
 * Goal: ours p95 at c = 8 ≤ 1.25 × the floor's p95 + 2 ms. Each statement's EXPLAIN (ANALYZE)
 * is written to docs/performance.md twice: the custom plan (for these parameter values, what the
 * floor runs) and the generic plan (PREPARE with plan_cache_mode = force_generic_plan: what a
 * prepared statement of ours may settle on); a plan with a sequential scan on any table, either
 * kind, fails the bench.
 * Results: bench/results/latest-search.json as {"postgres.<mix>.c8.p95": {ours, floor, ratio, unit}, …}.
 *
 * Environment knobs: BENCH_PROFILES=1000000  BENCH_ROUNDS=400 (searches per mix and concurrency)
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres (admin connection)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { Kysely, type LogEvent } from "kysely";
import { PostgresJSDialect } from "kysely-postgres-js";
import type { Database } from "../db/database.js";
import { createDb } from "../db/create-db.js";
import { migrateToLatest } from "../db/migrate.js";
import { searchMembers } from "../server/features/members/members.service.js";
import { SearchMembersInput } from "../server/features/members/members.schema.js";
import { quantile, round, summarize } from "./lib/stats.js";
import { writeBenchRun } from "./lib/results.js";

const env = process.env;
const PROFILES = Number(env.BENCH_PROFILES ?? 1_000_000);
const ROUNDS = Number(env.BENCH_ROUNDS ?? 400);
/** Ours and the floor take turns in this many blocks, so both see the same load on a shared machine. */
const BLOCKS = 8;
const PG_ADMIN_URL = env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const t0 = performance.now();
const log = (m: string) => console.log(`[${((performance.now() - t0) / 1000).toFixed(1).padStart(6)}s] ${m}`);

const COUNTRIES = ["DE", "DE", "DE", "NL", "NL", "AT", "CH", "FR", "ES", "IT", "PL", "BE"];
const REGIONS: Record<string, string[]> = {
  DE: ["Bayern", "Berlin", "Hamburg", "Hessen", "Nordrhein-Westfalen", "Sachsen"],
  NL: ["Noord-Holland", "Zuid-Holland", "Utrecht"],
};

/**
 * The filter mixes: what members really search for. `keyset: true` reaches its page the way the
 * search page's "Next" does: with the previous page's nextCursor (`after`), not the page number.
 */
const MIXES: Array<[string, Record<string, unknown>, { keyset?: boolean }?]> = [
  ["women_any_country_p1", { gender: "female" }],
  ["women_de_25_35_p1", { gender: "female", country: "DE", minAge: 25, maxAge: 35 }],
  ["men_de_bayern_p1", { gender: "male", country: "DE", region: "Bayern" }],
  ["women_nl_30_45_p20", { gender: "female", country: "NL", minAge: 30, maxAge: 45, page: 20 }],
  [
    "women_nl_30_45_p20_keyset",
    { gender: "female", country: "NL", minAge: 30, maxAge: 45, page: 20 },
    { keyset: true },
  ],
  ["any_at_p1", { country: "AT" }],
  ["men_any_country_40_60_p20", { gender: "male", minAge: 40, maxAge: 60, page: 20 }],
  ["men_any_country_40_60_p20_keyset", { gender: "male", minAge: 40, maxAge: 60, page: 20 }, { keyset: true }],
  ["everyone_p1", {}],
  // Rare: about 1 in 20 of the Belgian women in the generated data.
  ["women_be_75_79_p1", { gender: "female", country: "BE", minAge: 75, maxAge: 79 }],
];

async function copyProfiles(databaseUrl: string): Promise<void> {
  const pg = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const now = Date.now();
  function* users() {
    for (let i = 1; i <= PROFILES; i++) {
      const status = i % 41 === 0 ? "not_confirmed" : i % 53 === 0 ? "pending_deletion" : "active";
      yield `${i}\tm${i}@bench.test\tx\t${status}\t${i % 37 === 0 ? "t" : "f"}\n`;
    }
  }
  function* profiles() {
    for (let i = 1; i <= PROFILES; i++) {
      const country = COUNTRIES[i % COUNTRIES.length]!;
      const regions = REGIONS[country];
      const region = regions ? regions[(i >> 3) % regions.length]! : "\\N";
      const age = 18 + ((i * 7919) % 62);
      const birth = new Date(now - age * 365.25 * 86_400_000 - (i % 300) * 86_400_000).toISOString().slice(0, 10);
      const active = new Date(now - ((i * 104_729) % (90 * 86_400)) * 1000).toISOString();
      const hidden = i % 37 === 0 || i % 41 === 0 || i % 53 === 0;
      yield `${i}\tMember ${i}\t${i % 53 === 0 ? "disabled" : "active"}\t${i % 2 ? "female" : "male"}\t${birth}\t${country}\t${region}\t${hidden ? "f" : "t"}\t${active}\n`;
    }
  }
  function* deletions() {
    const day = 86_400_000;
    for (let i = 53; i <= PROFILES; i += 53) {
      if (i % 41 === 0) continue; // unconfirmed, as users() makes it
      const requested = new Date(now - (15 + (i % 60)) * day);
      const purged = i % 106 === 0 ? new Date(requested.getTime() + 14 * day).toISOString() : "\\N";
      yield `${i}\tother\tactive\t${requested.toISOString()}\t${new Date(requested.getTime() + 14 * day).toISOString()}\t${purged}\n`;
    }
  }
  const batched = (gen: Generator<string>) =>
    Readable.from(
      (function* () {
        let buf = "";
        for (const line of gen) {
          buf += line;
          if (buf.length > 1 << 20) {
            yield buf;
            buf = "";
          }
        }
        if (buf) yield buf;
      })(),
    );
  await pipeline(
    batched(users()),
    await pg`copy users (id, email, password_hash, status, invisible) from stdin`.writable(),
  );
  await pipeline(
    batched(profiles()),
    await pg`copy profiles (id, name, status, gender, birth_date, country, region, visible, last_active) from stdin`.writable(),
  );
  // §4 deletions: every pending-deletion member has its row, half of them purged already (the
  // cards' "purged" flag reads it), so the plans see a table that has grown as on a live site.
  await pipeline(
    batched(deletions()),
    await pg`copy account_deletions (user_id, reason, previous_status, requested_at, purge_after, purged_at) from stdin`.writable(),
  );
  await pg`select setval('users_id_seq', ${PROFILES})`;
  await pg`vacuum analyze account_deletions`;
  await pg`vacuum analyze users`;
  await pg`vacuum analyze profiles`;
  await pg.end();
}

async function measure(run: () => Promise<unknown>, concurrency: number, rounds = ROUNDS): Promise<number[]> {
  const samples: number[] = [];
  let left = rounds;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left-- > 0) {
        const s = performance.now();
        await run();
        samples.push(performance.now() - s);
      }
    }),
  );
  return samples;
}

async function main(): Promise<void> {
  log(`bench:search: ${PROFILES.toLocaleString("en-US")} profiles; Node ${process.version}, ${os.cpus().length} cores`);
  const name = `bench_search_${Date.now().toString(36)}`;
  const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${name}`;
  const databaseUrl = u.toString();
  const { db } = createDb({ databaseUrl, poolMax: 10 });
  const floorSql = postgres(databaseUrl, {
    max: 10,
    onnotice: () => {},
    types: { date: { to: 1082, from: [1082], serialize: (v: string) => v, parse: (v: string) => v } },
  });
  const results: Record<string, unknown> = {
    bench: "search",
    at: new Date().toISOString(),
    profiles: PROFILES,
    rounds: ROUNDS,
    node: process.version,
    cores: os.cpus().length,
  };
  const explains: string[] = [];
  const table: string[][] = [];
  let seqScans = 0;
  try {
    await migrateToLatest(db);
    log("copying profiles …");
    await copyProfiles(databaseUrl);
    log("loaded and analyzed");
    const viewerId = 1;
    for (const [mix, raw, how] of MIXES) {
      let input = SearchMembersInput.parse(raw);
      if (how?.keyset) {
        // The cursor "Next" on the page before carries.
        const before = await searchMembers({ db }, viewerId, { ...input, page: input.page - 1 });
        const cursor = (before as { nextCursor?: string | null }).nextCursor;
        if (cursor === undefined) {
          log(`${mix}: skipped, this build's search has no keyset cursor`);
          continue;
        }
        if (cursor === null) throw new Error(`${mix}: no page ${input.page}`);
        input = SearchMembersInput.parse({ ...raw, after: cursor });
      }
      // The statements of this mix, as ours sends them (Kysely's log hook).
      const statements: Array<{ sql: string; parameters: readonly unknown[] }> = [];
      const onLog = (e: LogEvent) => {
        statements.push({ sql: e.query.sql, parameters: e.query.parameters });
      };
      const recDb = new Kysely<Database>({
        dialect: new PostgresJSDialect({ postgres: floorSql }),
        log: onLog,
      });
      const first = await searchMembers({ db: recDb }, viewerId, input);
      if (statements.length === 0) throw new Error(`${mix}: no statements captured`);
      const floorRun = () => Promise.all(statements.map((s) => floorSql.unsafe(s.sql, s.parameters as never[])));
      const oursRun = () => searchMembers({ db }, viewerId, input);
      // Warm both, then measure at c = 1 and c = 8.
      await measure(oursRun, 4);
      await measure(floorRun, 4);
      const row = [mix, String(first.items.length), String(first.total)];
      for (const c of [1, 8]) {
        const oursSamples: number[] = [];
        const floorSamples: number[] = [];
        for (let b = 0; b < BLOCKS; b++) {
          oursSamples.push(...(await measure(oursRun, c, ROUNDS / BLOCKS)));
          floorSamples.push(...(await measure(floorRun, c, ROUNDS / BLOCKS)));
        }
        const ours = summarize(oursSamples);
        const floor = summarize(floorSamples);
        const o95 = p95(oursSamples);
        const f95 = p95(floorSamples);
        const goal = 1.25 * f95 + 2;
        results[`postgres.${mix}.c${c}.p95`] = {
          ours: round(o95),
          floor: round(f95),
          ratio: round(o95 / f95),
          unit: "ms",
        };
        results[`postgres.${mix}.c${c}.p50`] = {
          ours: round(ours.p50),
          floor: round(floor.p50),
          ratio: round(ours.p50! / floor.p50!),
          unit: "ms",
        };
        row.push(o95.toFixed(2), f95.toFixed(2), c === 8 ? (o95 <= goal ? "met" : "NOT met") : "");
      }
      table.push(row);
      // EXPLAIN of the page query and the count, custom and generic plans.
      for (const s of statements) {
        const what = /count\(\*\)/i.test(s.sql) ? "count" : "page";
        for (const kind of ["custom", "generic"] as const) {
          const text = await explain(floorSql, s, kind);
          if (/Seq Scan on \w+/.test(text)) seqScans++;
          const shown = how?.keyset ? { ...raw, after: "<nextCursor of page 19>" } : raw;
          explains.push(
            `### ${mix} — ${what}, ${kind} plan\n\nFilters: \`${JSON.stringify(shown)}\`\n\n\`\`\`\n${text}\n\`\`\``,
          );
        }
      }
    }
  } finally {
    await db.destroy().catch(() => {});
    await floorSql.end({ timeout: 5 }).catch(() => {});
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
    log(`dropped ${name}`);
  }
  const header = ["mix", "rows", "total", "c1 ours p95", "c1 floor p95", "", "c8 ours p95", "c8 floor p95", "goal"];
  const lines = table.map((r) => [r[0], r[1], r[2], r[3], r[4], "", r[6], r[7], r[8]]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? "").length)));
  const fmt = (cells: Array<string | undefined>) => cells.map((c, i) => (c ?? "").padEnd(widths[i]!)).join("  ");
  const tableText = [fmt(header), widths.map((w) => "-".repeat(w)).join("  "), ...lines.map(fmt)].join("\n");
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
  console.log(`\n${tableText}\n\nplans with a sequential scan (any table): ${seqScans}; load average ${load}`);
  results.loadavg = os.loadavg();
  results["postgres.seq_scans"] = { ours: seqScans, floor: 0, ratio: null, unit: "plans" };
  fs.mkdirSync(path.join(root, "bench", "results"), { recursive: true });
  const files = writeBenchRun("search", results);
  const doc = path.join(root, "docs", "performance.md");
  const prev = fs.existsSync(doc) ? fs.readFileSync(doc, "utf8") : "# Performance\n";
  const start = "<!-- bench:search start -->";
  const end = "<!-- bench:search end -->";
  const section = `${start}\n## Search on ${PROFILES.toLocaleString("en-US")} profiles (bench:search, ${new Date().toISOString().slice(0, 10)})\n\np95 in ms, ${ROUNDS} searches per mix and concurrency (ours and the floor in ${BLOCKS} alternating blocks); the floor runs the same SQL through postgres.js. Goal at c = 8: ours ≤ 1.25 × floor + 2 ms. Load average at the end of the run: ${load} (${os.cpus().length} cores).\n\n\`\`\`\n${tableText}\n\`\`\`\n\nPlans with a sequential scan on any table (custom and generic plans of every statement): ${seqScans}.\n\n${explains.join("\n\n")}\n${end}`;
  const next = prev.includes(start)
    ? prev.slice(0, prev.indexOf(start)) + section + prev.slice(prev.indexOf(end) + end.length)
    : `${prev.trimEnd()}\n\n${section}\n`;
  fs.writeFileSync(doc, next);
  log(`written: ${files.join(", ")}, docs/performance.md`);
  process.exitCode = seqScans > 0 ? 1 : 0;
}

/**
 * EXPLAIN (ANALYZE) of one captured statement: its custom plan (parameters bound, as the floor
 * runs it), or its generic plan (PREPARE, then EXECUTE with plan_cache_mode =
 * force_generic_plan: the plan a prepared statement may settle on after five runs).
 */
async function explain(
  pg: postgres.Sql,
  s: { sql: string; parameters: readonly unknown[] },
  kind: "custom" | "generic",
): Promise<string> {
  const opts = "analyze, buffers, costs off, timing off";
  const rows = await pg.reserve().then(async (conn) => {
    try {
      if (kind === "custom") return await conn.unsafe(`explain (${opts}) ${s.sql}`, s.parameters as never[]);
      await conn.unsafe("set plan_cache_mode = force_generic_plan");
      await conn.unsafe(`prepare bench_stmt as ${s.sql}`);
      const literals = s.parameters.map((p) => `'${String(p).replaceAll("'", "''")}'`);
      return await conn.unsafe(`explain (${opts}) execute bench_stmt(${literals.join(", ")})`);
    } finally {
      await conn.unsafe("deallocate all").catch(() => {});
      await conn.unsafe("reset plan_cache_mode").catch(() => {});
      conn.release();
    }
  });
  return (rows as unknown as Array<Record<string, string>>).map((r) => Object.values(r)[0]).join("\n");
}

function p95(samples: number[]): number {
  return quantile(Float64Array.from(samples).sort(), 0.95) ?? NaN;
}

await main();
