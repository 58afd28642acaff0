import crypto from "node:crypto";
import { sql } from "kysely";
import type { AppDeps } from "../../server/deps.js";
import { appRouter } from "../../server/router.js";
import { createCallerFactory } from "../../server/trpc/init.js";
import { createInnerContext } from "../../server/trpc/context.js";
import * as accounts from "../../server/features/accounts/accounts.service.js";
import { SignupInput } from "../../server/features/accounts/accounts.schema.js";
import { grantCredits } from "../../server/features/credits/credits.repository.js";
import { getSiteForHost } from "../../server/features/site/site.service.js";
import { activationTokenFor } from "./mailbox.js";

export const DEFAULT_PASSWORD = "correct horse 42";

let counter = 0;
/** A unique, valid e-mail address (lower case, as the service stores it). */
export function uniqueEmail(prefix = "member"): string {
  counter += 1;
  return `${prefix}-${counter}-${crypto.randomBytes(4).toString("hex")}@example.test`;
}

/** A valid date of birth for someone `years` old today (UTC). */
export function birthDateForAge(years: number): string {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
  // Born yesterday `years` years ago: surely `years` old whatever the time zone.
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** Valid signup form fields (§3 signup form), with overrides. */
export function signupFields(over: Partial<Record<string, unknown>> = {}) {
  return {
    email: uniqueEmail(),
    name: `Member ${crypto.randomBytes(3).toString("hex")}`,
    password: DEFAULT_PASSWORD,
    date_of_birth: birthDateForAge(30),
    gender: "female" as const,
    country: "DE",
    ...over,
  };
}

export interface TestMember {
  id: number;
  email: string;
  name: string;
  password: string;
  /** Raw `auth` cookie value of the session signup opened. */
  sessionToken: string;
}

export interface MemberOptions {
  email?: string;
  name?: string;
  password?: string;
  gender?: "male" | "female";
  country?: string;
  /** Follow the activation link (default true): status active, profile visible. */
  confirmed?: boolean;
  /** Credits granted through the ledger after signup. */
  credits?: number;
  /** Premium (paid_user). */
  paid?: boolean;
}

/**
 * A member created as a visitor would: signup through the accounts service (validated by the
 * same schema as the router), then, unless `confirmed: false`, activation with the token from
 * the mail the app sent. Credits go through the ledger; premium is set in the database.
 */
export async function createMember(deps: AppDeps, opts: MemberOptions = {}): Promise<TestMember> {
  const input = SignupInput.parse(
    signupFields({
      ...(opts.email ? { email: opts.email } : {}),
      ...(opts.name ? { name: opts.name } : {}),
      ...(opts.password ? { password: opts.password } : {}),
      ...(opts.gender ? { gender: opts.gender } : {}),
      ...(opts.country ? { country: opts.country } : {}),
    }),
  );
  const { user, token } = await accounts.signup(deps, input, "http://127.0.0.1", await getSiteForHost(deps, null));
  if (opts.confirmed !== false) await accounts.activate(deps, activationTokenFor(deps.mailer, user.email));
  if (opts.credits) await giveCredits(deps, user.id, opts.credits);
  if (opts.paid) await setPremium(deps, user.id);
  return { id: user.id, email: user.email, name: user.name, password: input.password, sessionToken: token };
}

/** A member (see createMember) with `api`: their procedures called without HTTP (STYLE habit 7). */
export async function createMemberWithApi(deps: AppDeps, opts: MemberOptions = {}) {
  const m = await createMember(deps, opts);
  return { ...m, api: await callerFor(deps, m) };
}
export type MemberWithApi = Awaited<ReturnType<typeof createMemberWithApi>>;

/**
 * `member(opts)` for a test file's server: `const member = memberFactory(t, { country: "NL" })`.
 * `defaults` apply unless `opts` overrides them.
 */
export function memberFactory(t: { readonly server: { deps: AppDeps } }, defaults: MemberOptions = {}) {
  return (opts: MemberOptions = {}): Promise<MemberWithApi> =>
    createMemberWithApi(t.server.deps, { ...defaults, ...opts });
}

/** Grant credits through the ledger, in one transaction (as a completed payment would). */
export async function giveCredits(deps: AppDeps, userId: number, amount: number): Promise<number> {
  return deps.db
    .transaction()
    .execute((tx) => grantCredits(tx, userId, amount, "purchase", `test:${crypto.randomUUID()}`));
}

/** Make the member premium (§6 paid_user). */
export async function setPremium(deps: AppDeps, userId: number, paid = true): Promise<void> {
  await deps.db.updateTable("users").set({ paid_user: paid }).where("id", "=", userId).execute();
}

/** Call procedures as `member` (or as a visitor) without HTTP (STYLE habit 7). */
export async function callerFor(deps: AppDeps, member: { sessionToken: string } | null) {
  const ctx = await createInnerContext(deps, {
    sessionToken: member?.sessionToken ?? null,
    origin: "http://127.0.0.1",
  });
  return createCallerFactory(appRouter)(ctx);
}

/** The member's balance and the sum of their ledger: the two must always agree. */
export async function creditsOf(
  deps: AppDeps,
  userId: number,
): Promise<{ balance: number; ledgerSum: number; ledgerRows: number }> {
  const user = await deps.db.selectFrom("users").select("credits").where("id", "=", userId).executeTakeFirstOrThrow();
  const ledger = await deps.db
    .selectFrom("credit_ledger")
    .select([sql<number>`coalesce(sum(delta), 0)::int`.as("sum"), sql<number>`count(*)::int`.as("n")])
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return { balance: user.credits, ledgerSum: ledger.sum, ledgerRows: ledger.n };
}

export async function countRows(
  deps: AppDeps,
  table: "users" | "profiles" | "messages" | "conversations" | "credit_ledger" | "likes" | "sessions",
): Promise<number> {
  const row = await deps.db
    .selectFrom(table)
    .select(sql<number>`count(*)::int`.as("n"))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The application error code of a failed call: from a caller (TRPCError) or over HTTP (TRPCClientError). */
export function appCodeOf(err: unknown): string | null {
  const e = err as { data?: { appCode?: string | null }; cause?: { code?: unknown; name?: string } };
  if (e?.data && "appCode" in e.data) return e.data.appCode ?? null;
  const cause = e?.cause;
  if (cause && typeof cause.code === "string" && /^[A-Z_]+$/.test(cause.code)) return cause.code;
  if (cause?.name === "ZodError" || (cause && "issues" in cause)) return "VALIDATION";
  return null;
}

/** Await a call that must fail; returns the error. */
export async function failureOf(p: Promise<unknown>): Promise<Error & { data?: Record<string, unknown> }> {
  try {
    await p;
  } catch (err) {
    return err as Error & { data?: Record<string, unknown> };
  }
  throw new Error("expected the call to fail, but it succeeded");
}

/** Await `cond` (polling), for effects that cross an asynchronous hop. */
export async function eventually<T>(
  cond: () => T | Promise<T>,
  { timeoutMs = 20_000, intervalMs = 20, what = "condition" } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await cond();
      if (v) return v as NonNullable<T>;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ""}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/**
 * Every field of the /profile form (members.updateProfile, §3, §5), filled in, with `over` on top.
 */
export function profileEditFields(over: Record<string, unknown> = {}) {
  return {
    name: "Edited Name",
    date_of_birth: birthDateForAge(33),
    gender: "female" as const,
    search_gender: "male" as const,
    country: "NL",
    region: "Utrecht",
    city: "Amersfoort",
    signup_message: "I like long walks.\nAnd tea.",
    sexuality: "hetero" as const,
    tattoos: true,
    hair_color: "dark blond" as const,
    eye_color: "hazel" as const,
    body_type: "slim" as const,
    relationship_status: "single" as const,
    interests: ["music", "travelling"],
    ...over,
  };
}
