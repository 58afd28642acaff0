import { createTRPCClient, httpLink } from "@trpc/client";
import { sql } from "kysely";
import type { DB } from "../../db/create-db.js";
import type { AppRouter } from "../../server/router.js";
import { keepAliveFetch } from "./http.js";

/** A bench member: database id, login e-mail, and (after login) the `auth` cookie value. */
export interface BenchMember {
  id: number;
  email: string;
  cookie?: string;
}

/** The one password of every bench member. */
export const BENCH_PASSWORD = "bench-password-1";

const CHUNK = 500;

/**
 * Create `count` active, visible, premium members straight in the database, all with the same
 * precomputed argon2 hash (2,000 sign-ups would cost 2,000 hashes), in multi-row inserts.
 * Each gets `credits` credits and the matching `demo_grant` ledger row (balance = ledger sum).
 * With `firstId`, ids are firstId, firstId+1, … (so that several runs sharing one Redis do not
 * share pub/sub channels, which are named by member id).
 * Premium (paid_user) so the free allowance does not change what a send costs.
 */
export async function seedMembers(
  db: DB,
  args: { count: number; passwordHash: string; credits: number; firstId?: number },
): Promise<{ members: BenchMember[] }> {
  const tag = Date.now().toString(36);
  const members: BenchMember[] = [];
  for (let start = 0; start < args.count; start += CHUNK) {
    const n = Math.min(CHUNK, args.count - start);
    const users = await db
      .insertInto("users")
      .values(
        Array.from({ length: n }, (_, k) => ({
          ...(args.firstId ? { id: args.firstId + start + k } : {}),
          email: `bench-${tag}-${start + k}@bench.test`,
          password_hash: args.passwordHash,
          status: "active" as const,
          credits: args.credits,
          paid_user: true,
          free_messages_left: 0,
          confirmed_at: new Date(),
        })),
      )
      .returning(["id", "email"])
      .execute();
    await db
      .insertInto("profiles")
      .values(
        users.map((u, k) => ({
          id: u.id,
          name: `Bench ${start + k}`,
          status: "active" as const,
          visible: true,
          gender: (k % 2 ? "female" : "male") as "male" | "female",
          birth_date: "1990-01-01",
          country: "DE",
          interests: [],
        })),
      )
      .execute();
    await db
      .insertInto("credit_ledger")
      .values(
        users.map((u) => ({
          user_id: u.id,
          delta: args.credits,
          balance_after: args.credits,
          reason: "demo_grant" as const,
          reference: null,
        })),
      )
      .execute();
    members.push(...users.map((u) => ({ id: u.id, email: u.email })));
  }
  if (args.firstId) await sql`select setval('users_id_seq', (select max(id) from users))`.execute(db);
  return { members };
}

/**
 * Log every member in through the real `accounts.login` mutation over HTTP (one argon2 verify
 * each on the server), `concurrency` at a time, and fill in their `auth` cookie.
 * @returns the wall time taken, in milliseconds.
 */
export async function loginAll(baseUrl: string, members: BenchMember[], concurrency = 8): Promise<number> {
  const started = performance.now();
  // One client for all logins: each call names its member in the op context, and the
  // Set-Cookie of its own answer is filed under that member.
  const cookies = new Map<string, string>();
  const { fetch, agent } = keepAliveFetch({ maxSockets: concurrency });
  const client = createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${baseUrl}/trpc`,
        fetch: (async (input: string | URL | Request, init?: RequestInit) => {
          const { "x-bench-email": email, ...headers } = (init?.headers ?? {}) as Record<string, string>;
          const res = await fetch(input, { ...init, headers });
          for (const line of res.headers.getSetCookie()) {
            const m = /^auth=([^;]*)/.exec(line);
            if (m && m[1] && email) cookies.set(email, m[1]);
          }
          return res;
        }) as typeof globalThis.fetch,
        headers: ({ op }) => ({ "x-bench-email": String((op.context as { email?: string }).email ?? "") }),
      }),
    ],
  });
  let next = 0;
  const worker = async () => {
    while (next < members.length) {
      const m = members[next++]!;
      await client.accounts.login.mutate({ email: m.email, password: BENCH_PASSWORD }, { context: { email: m.email } });
      const c = cookies.get(m.email);
      if (!c) throw new Error(`no auth cookie for ${m.email}`);
      m.cookie = c;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return performance.now() - started;
}
