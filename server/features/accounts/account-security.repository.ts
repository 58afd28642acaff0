import { sql } from "kysely";
import type { DB, Tx } from "../../../db/create-db.js";
import type { EmailTokenPurpose } from "../../../db/database.js";

// Account security (issue 9 part A): password reset, password and e-mail change, the member's
// sessions. The accounts feature owns these users columns (email, password_hash) and tables
// (email_tokens, password_reset_mails, sessions).

/**
 * Count one password reset mail for `key` (SHA-256 of the typed address) in one statement, so
 * racing requests on any instance queue on the row. A new window starts `windowHours` after the
 * first mail of the old one. Refused (no row) when `max` mails were already counted in the window.
 * @returns the mail's number in the window (1..max), or undefined when refused.
 */
export async function reserveResetMail(db: DB, key: string, opts: { windowHours: number; max: number }) {
  const fresh = sql<boolean>`password_reset_mails.window_started_at <= now() - make_interval(hours => ${opts.windowHours})`;
  const row = await db
    .insertInto("password_reset_mails")
    .values({ key, mails: 1, window_started_at: sql`now()` })
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet({
          mails: sql`case when ${fresh} then 1 else password_reset_mails.mails + 1 end`,
          window_started_at: sql`case when ${fresh} then now() else password_reset_mails.window_started_at end`,
        })
        .where(sql<boolean>`${fresh} or password_reset_mails.mails < ${opts.max}`),
    )
    .returning("mails")
    .executeTakeFirst();
  return row?.mails;
}

/** The account behind an address, with the name its mails greet, or undefined. */
export function findAccountByEmail(db: DB, email: string) {
  return db
    .selectFrom("users")
    .innerJoin("profiles", "profiles.id", "users.id")
    .select(["users.id", "users.email", "users.status", "users.language", "profiles.name"])
    .where("users.email", "=", email)
    .executeTakeFirst();
}

/** The account's address, password hash and name. */
export function findAccountById(db: DB | Tx, userId: number) {
  return db
    .selectFrom("users")
    .innerJoin("profiles", "profiles.id", "users.id")
    .select(["users.id", "users.email", "users.password_hash", "users.language", "users.status", "profiles.name"])
    .where("users.id", "=", userId)
    .executeTakeFirst();
}

/** Store a link token by its SHA-256 (`id`). */
export async function insertLinkToken(
  db: DB | Tx,
  row: { id: string; userId: number; purpose: EmailTokenPurpose; expiresAt: Date; newEmail?: string },
): Promise<void> {
  await db
    .insertInto("email_tokens")
    .values({
      id: row.id,
      user_id: row.userId,
      purpose: row.purpose,
      expires_at: row.expiresAt,
      new_email: row.newEmail ?? null,
    })
    .execute();
}

/**
 * Use a link token once: marks it used and returns its member (and the address a change_email
 * link confirms), or undefined when unknown, used, expired or of another purpose. Conditional,
 * so of two concurrent uses exactly one gets the row.
 */
export function consumeLinkToken(tx: Tx, id: string, purpose: EmailTokenPurpose) {
  return tx
    .updateTable("email_tokens")
    .set({ used_at: sql`now()` })
    .where("id", "=", id)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .returning(["user_id", "new_email"])
    .executeTakeFirst();
}

/**
 * The address e-mail change link `id` confirmed, when the link is used and the account's address
 * is that one now: the link followed a second time. A link to an address the account no longer
 * has (or never got) gives undefined.
 */
export async function changeEmailLinkAlreadyDone(db: DB | Tx, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("email_tokens")
    .innerJoin("users", "users.id", "email_tokens.user_id")
    .select("users.email")
    .where("email_tokens.id", "=", id)
    .where("email_tokens.purpose", "=", "change_email")
    .where("email_tokens.used_at", "is not", null)
    .whereRef("users.email", "=", "email_tokens.new_email")
    .where("users.status", "<>", "pending_deletion")
    .executeTakeFirst();
  return row?.email;
}

/** Link `id` can no longer be used (its mail could not be sent). */
export async function voidLinkToken(db: DB, id: string): Promise<void> {
  await db
    .updateTable("email_tokens")
    .set({ used_at: sql`now()` })
    .where("id", "=", id)
    .execute();
}

/** Whether link `id` of `purpose` exists, unused and unexpired (nothing is changed). */
export async function findUsableLinkToken(db: DB, id: string, purpose: EmailTokenPurpose): Promise<boolean> {
  const row = await db
    .selectFrom("email_tokens")
    .select("id")
    .where("id", "=", id)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
  return row !== undefined;
}

/** Mark every unused link of `purpose` of a member used (a completed reset voids the others). */
export async function voidLinkTokens(tx: Tx, userId: number, purposes: EmailTokenPurpose[]): Promise<void> {
  await tx
    .updateTable("email_tokens")
    .set({ used_at: sql`now()` })
    .where("user_id", "=", userId)
    .where("purpose", "in", purposes)
    .where("used_at", "is", null)
    .execute();
}

/**
 * Replace the password's hash. `byLink`: chosen through a password-reset link mailed to the
 * account's address (stamps password_set_by_link_at); a change from the settings keeps the stamp,
 * since it needs the current password.
 */
export async function setPasswordHash(
  tx: Tx,
  userId: number,
  passwordHash: string,
  opts: { byLink: boolean },
): Promise<void> {
  await tx
    .updateTable("users")
    .set(
      opts.byLink
        ? { password_hash: passwordHash, password_set_by_link_at: sql`now()` }
        : { password_hash: passwordHash },
    )
    .where("id", "=", userId)
    .execute();
}

/**
 * Change the account's address. A password chosen through a link to the old address proves
 * nothing about the new one: password_set_by_link_at is cleared. Throws a unique violation when
 * another account has the address.
 */
export async function setEmail(tx: Tx, userId: number, email: string): Promise<void> {
  await tx.updateTable("users").set({ email, password_set_by_link_at: null }).where("id", "=", userId).execute();
}

/** Whether any account uses `email`. */
export async function emailInUse(db: DB, email: string): Promise<boolean> {
  const row = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
  return row !== undefined;
}

/**
 * Delete a member's sessions but `keepSessionId` (null: all of them).
 * @returns the deleted sessions' ids, to close their sockets.
 */
export async function deleteSessionsExcept(db: DB | Tx, userId: number, keepSessionId: string | null) {
  let q = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (keepSessionId) q = q.where("id", "<>", keepSessionId);
  const rows = await q.returning("id").execute();
  return rows.map((r) => r.id);
}

/** Delete one of the member's own sessions. @returns whether it existed. */
export async function deleteOwnSession(db: DB, userId: number, sessionId: string): Promise<boolean> {
  const res = await db
    .deleteFrom("sessions")
    .where("user_id", "=", userId)
    .where("id", "=", sessionId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** A member's unexpired sessions, newest first. */
export function listSessions(db: DB, userId: number) {
  return db
    .selectFrom("sessions")
    .select(["id", "created_at", "expires_at"])
    .where("user_id", "=", userId)
    .where("expires_at", ">", sql<Date>`now()`)
    .orderBy("created_at", "desc")
    .execute();
}
