import { type Kysely, sql } from "kysely";

/**
 * The single-column CHECK constraints of the rows every chat message writes become domains
 * (issues 12 and 13: PostgreSQL's CPU per message).
 *
 * PostgreSQL evaluates every CHECK constraint of a table on each row an INSERT or UPDATE writes,
 * whichever columns changed, and each statement first rebuilds those expressions from their
 * stored text (parse, plan, compile). `users` had seven, so the debit that every paid message
 * makes (credits and last_event_seq of both members) rebuilt seven expressions, among them three
 * `= ANY (ARRAY[…])` lists and a jsonb test, to change two integers. A domain's constraint is
 * checked only when a value of the column is written, from an expression each backend prepares
 * once (its type cache). Measured on PostgreSQL 15 here (docs/performance.md "Column checks as
 * domains"): the two-row update of `users` went from 91–122 µs to 40–52 µs.
 *
 * Same rules, same SQLSTATE (23514 check_violation) when broken; only the constraint's name in
 * the error changes (nothing reads it). `conversations_ordered_pair` compares two columns and
 * stays a table constraint.
 *
 * Online: each column changes to a domain that has no constraint yet, which PostgreSQL does in
 * the catalogue alone (no table rewrite, no scan); the table's CHECK is dropped; then the domain
 * gets its constraint NOT VALID, which checks every value written from now on without scanning
 * the rows, which the dropped CHECK has already guaranteed. Runs on PostgreSQL and PGlite.
 * Frozen in time: imports no application code.
 */
const DOMAINS = [
  ["member_status", "text", `value in ('not_confirmed', 'active', 'pending_deletion')`],
  ["member_role", "text", `value in ('member', 'operator')`],
  ["moderation_status", "text", `value in ('ok', 'suspended', 'banned')`],
  ["traffic_source", "jsonb", `jsonb_typeof(value) = 'object' and length(value::text) <= 1000`],
  ["non_negative_integer", "integer", `value >= 0`],
  ["nonzero_integer", "integer", `value <> 0`],
  ["gift_name", "text", `value ~ '^[a-z_]{1,32}$'`],
] as const;

/** [table, column, domain, the table CHECK it replaces and its definition (for down)]. */
const COLUMNS = [
  [
    "users",
    "status",
    "member_status",
    "users_status_check",
    `status = any (array['not_confirmed', 'active', 'pending_deletion'])`,
  ],
  ["users", "role", "member_role", "users_role_check", `role = any (array['member', 'operator'])`],
  [
    "users",
    "moderation_status",
    "moderation_status",
    "users_moderation_status_check",
    `moderation_status = any (array['ok', 'suspended', 'banned'])`,
  ],
  [
    "users",
    "traffic_source",
    "traffic_source",
    "users_traffic_source_check",
    `traffic_source is null or (jsonb_typeof(traffic_source) = 'object' and length(traffic_source::text) <= 1000)`,
  ],
  ["users", "credits", "non_negative_integer", "users_credits_check", `credits >= 0`],
  ["users", "free_messages_left", "non_negative_integer", "users_free_messages_left_check", `free_messages_left >= 0`],
  [
    "users",
    "deleted_started_conversations",
    "non_negative_integer",
    "users_deleted_started_conversations_check",
    `deleted_started_conversations >= 0`,
  ],
  ["credit_ledger", "delta", "nonzero_integer", "credit_ledger_delta_check", `delta <> 0`],
  ["credit_ledger", "balance_after", "non_negative_integer", "credit_ledger_balance_after_check", `balance_after >= 0`],
  [
    "conversation_members",
    "unread_count",
    "non_negative_integer",
    "conversation_members_unread_count_check",
    `unread_count >= 0`,
  ],
  ["messages", "gift", "gift_name", "messages_gift_check", `gift ~ '^[a-z_]{1,32}$'`],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, base] of DOMAINS) await sql.raw(`create domain ${name} as ${base}`).execute(db);
  for (const [table, column, domain, check] of COLUMNS) {
    await sql.raw(`alter table ${table} alter column ${column} type ${domain}, drop constraint ${check}`).execute(db);
  }
  for (const [name, , rule] of DOMAINS) {
    await sql.raw(`alter domain ${name} add constraint ${name}_check check (${rule}) not valid`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, column, domain, check, rule] of COLUMNS) {
    const base = DOMAINS.find(([name]) => name === domain)![1];
    await sql
      .raw(`alter table ${table} alter column ${column} type ${base}, add constraint ${check} check (${rule})`)
      .execute(db);
  }
  for (const [name] of DOMAINS) await sql.raw(`drop domain ${name}`).execute(db);
}
