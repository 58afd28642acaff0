import { sql } from "kysely";
import type { DB, Tx } from "../../../db/create-db.js";
import type { NewAccountDeletion } from "../../../db/database.js";

// The account-deletion feature owns account_deletions. Deleting and purging an account also
// writes the columns other features own (users.status, email, password_hash; profiles.visible
// and personal fields; the rows of likes, photos, sessions, push, tokens) in one transaction:
// docs/decisions.md "Account deletion writes across features" says why it is done here.

/** Lock the member's account row; @returns its status and invisible flag. */
export function lockAccount(tx: Tx, userId: number) {
  return tx
    .selectFrom("users")
    .select(["id", "status", "invisible", "email"])
    .where("id", "=", userId)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertDeletion(tx: Tx, row: NewAccountDeletion): Promise<void> {
  await tx
    .insertInto("account_deletions")
    .values(row)
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet({
        reason: row.reason,
        remarks: row.remarks ?? "",
        previous_status: row.previous_status,
        requested_at: row.requested_at,
        purge_after: row.purge_after,
        token_hash: row.token_hash ?? null,
        purged_at: null,
      }),
    )
    .execute();
}

/** §4 pending deletion: the account is pending, its profile hidden from search. */
export async function markPendingDeletion(tx: Tx, userId: number): Promise<void> {
  await tx.updateTable("users").set({ status: "pending_deletion" }).where("id", "=", userId).execute();
  await tx.updateTable("profiles").set({ visible: false }).where("id", "=", userId).execute();
}

/** Delete every session of the member; @returns their ids (to close their sockets). */
export async function deleteSessionsOf(db: DB | Tx, userId: number): Promise<string[]> {
  const rows = await db.deleteFrom("sessions").where("user_id", "=", userId).returning("id").execute();
  return rows.map((r) => r.id);
}

/** The deletion a reactivation token belongs to, locked; only one not yet purged. */
export function lockDeletionByToken(tx: Tx, tokenHash: string) {
  return tx
    .selectFrom("account_deletions")
    .innerJoin("users", "users.id", "account_deletions.user_id")
    .select([
      "account_deletions.user_id",
      "account_deletions.previous_status",
      "account_deletions.purge_after",
      "account_deletions.purged_at",
      "users.invisible",
    ])
    .where("account_deletions.token_hash", "=", tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

/** Undo the pending deletion: previous status back, the profile visible if it was, row removed. */
export async function restoreAccount(
  tx: Tx,
  userId: number,
  status: "not_confirmed" | "active",
  visible: boolean,
): Promise<void> {
  await tx.updateTable("users").set({ status }).where("id", "=", userId).execute();
  // Never shown again while suspended or banned (members.repository visibleToOthers).
  await tx
    .updateTable("profiles")
    .set({
      visible: sql<boolean>`${visible} and exists (select 1 from users u where u.id = ${userId} and u.moderation_status = 'ok')`,
    })
    .where("id", "=", userId)
    .execute();
  await tx.deleteFrom("account_deletions").where("user_id", "=", userId).execute();
}

/** The pending (not purged) deletion of the member with this address, if any. */
export function findPendingDeletionByEmail(db: DB, email: string) {
  return db
    .selectFrom("account_deletions")
    .innerJoin("users", "users.id", "account_deletions.user_id")
    .select(["account_deletions.user_id", "account_deletions.purge_after"])
    .where("users.email", "=", email)
    .where("account_deletions.purged_at", "is", null)
    .executeTakeFirst();
}

/** The pending (not purged) deletion of the member, if any. */
export function findPendingDeletion(db: DB | Tx, userId: number) {
  return db
    .selectFrom("account_deletions")
    .selectAll()
    .where("user_id", "=", userId)
    .where("purged_at", "is", null)
    .executeTakeFirst();
}

export async function setTokenHash(db: DB | Tx, userId: number, tokenHash: string): Promise<void> {
  await db.updateTable("account_deletions").set({ token_hash: tokenHash }).where("user_id", "=", userId).execute();
}

/** Deletions whose window ended by `now` and that are not purged yet (oldest first). */
export async function findDueDeletions(db: DB, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom("account_deletions")
    .select("user_id")
    .where("purged_at", "is", null)
    .where("purge_after", "<=", now)
    .orderBy("purge_after")
    .limit(limit)
    .execute();
  return rows.map((r) => r.user_id);
}

/** The member's photo files (to remove from disk after the purge commits). */
export function findPhotoFiles(db: DB | Tx, userId: number) {
  return db
    .selectFrom("photos")
    .select(["filename", "thumb_filename", "blurred_filename"])
    .where("profile_id", "=", userId)
    .execute();
}

/**
 * Purge the personal data of a member whose window has ended (§4), in the caller's transaction,
 * only if the deletion is still due (locked: a reactivation racing the purge either wins before
 * or finds the link expired). Keeps the users row (the ledger and payments reference it) with
 * the address and password replaced, the profile row blanked (messages they wrote stay, from a
 * member without a name), and deletes likes (so matches), photos, photo unlocks, sessions, push
 * subscriptions, e-mail tokens, notification settings, queued mails and the like quota.
 * @returns the ids of the sessions deleted (their sockets to close), or null when not due.
 */
export async function purgeAccountInTx(tx: Tx, userId: number, now: Date): Promise<string[] | null> {
  const due = await tx
    .selectFrom("account_deletions")
    .select("user_id")
    .where("user_id", "=", userId)
    .where("purged_at", "is", null)
    .where("purge_after", "<=", now)
    .forUpdate()
    .executeTakeFirst();
  if (!due) return null;
  await tx
    .deleteFrom("likes")
    .where((eb) => eb.or([eb("liker_id", "=", userId), eb("liked_id", "=", userId)]))
    .execute();
  await tx.deleteFrom("like_quota").where("user_id", "=", userId).execute();
  await tx.deleteFrom("photo_unlocks").where("user_id", "=", userId).execute();
  await tx.deleteFrom("photos").where("profile_id", "=", userId).execute();
  const sessions = await tx.deleteFrom("sessions").where("user_id", "=", userId).returning("id").execute();
  await tx.deleteFrom("push_subscriptions").where("user_id", "=", userId).execute();
  await tx.deleteFrom("push_states").where("user_id", "=", userId).execute();
  await tx.deleteFrom("email_tokens").where("user_id", "=", userId).execute();
  await tx.deleteFrom("notification_settings").where("user_id", "=", userId).execute();
  await tx.deleteFrom("mail_outbox").where("user_id", "=", userId).execute();
  await tx.deleteFrom("member_events").where("user_id", "=", userId).execute();
  await tx
    .updateTable("profiles")
    .set({
      name: "",
      note: "",
      visible: false,
      status: "disabled",
      sexuality: null,
      region: null,
      city: null,
      hair_color: null,
      eye_color: null,
      body_type: null,
      relationship_status: null,
      tattoos: null,
      interests: sql<string[]>`'{}'::text[]`,
      birth_date: "1900-01-01",
    })
    .where("id", "=", userId)
    .execute();
  await tx
    .updateTable("users")
    .set({
      email: `deleted-${userId}@deleted.invalid`,
      password_hash: "!",
    })
    .where("id", "=", userId)
    .execute();
  await tx
    .updateTable("account_deletions")
    .set({ purged_at: now, token_hash: null, remarks: "" })
    .where("user_id", "=", userId)
    .execute();
  return sessions.map((s) => s.id);
}

/** Whether the member's account is pending deletion and not purged (login offers reactivation). */
export async function isPendingDeletion(db: DB, userId: number): Promise<boolean> {
  const r = await db
    .selectFrom("account_deletions")
    .select(sql<number>`1`.as("one"))
    .where("user_id", "=", userId)
    .where("purged_at", "is", null)
    .executeTakeFirst();
  return r !== undefined;
}

/** Every unused e-mail link of the member (activation, password reset, e-mail change) can no longer be used. */
export async function voidEmailLinks(tx: Tx, userId: number): Promise<void> {
  await tx
    .updateTable("email_tokens")
    .set({ used_at: sql`now()` })
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .execute();
}
