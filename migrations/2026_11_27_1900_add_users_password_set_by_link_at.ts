import { sql, type Kysely } from "kysely";

/**
 * `users.password_set_by_link_at` (security review, 2026-11-27): when the account's password was
 * last chosen through a password-reset link mailed to its current address, null when never. An
 * activation link proves who reads the mailbox, not who chose the password at sign-up: anyone may
 * sign up first with an address listed in OPERATOR_EMAILS and wait for its owner to confirm it.
 * The operator grant at login now needs this column set (moderation.service assertMayLogIn).
 * Existing accounts start with null. Frozen in time: imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column password_set_by_link_at timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop column password_set_by_link_at`.execute(db);
}
