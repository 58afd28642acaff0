import { sql } from "kysely";
import type { DB, Tx } from "../../../db/create-db.js";
import type { MailOutboxRow, NewMailOutbox } from "../../../db/database.js";

// The mail feature owns the mail_outbox table: every read and write of the queue is here.

/**
 * Queue a mail. With a dedupe_key already queued, nothing is added.
 * @returns the new row's id, or null when the dedupe_key existed.
 */
export async function insertMail(db: DB | Tx, row: NewMailOutbox): Promise<string | null> {
  const r = await db
    .insertInto("mail_outbox")
    .values(row)
    .onConflict((oc) => oc.column("dedupe_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  return r ? String(r.id) : null;
}

/**
 * Claim up to `limit` due mails for `worker`: pending, due, and not leased by a live worker.
 * The rows are picked with FOR UPDATE SKIP LOCKED (a second instance claiming at the same
 * moment skips them instead of waiting) and leased until `leaseSeconds` from now, in one
 * statement, so two instances never claim the same row; an instance that dies mid-send leaves
 * its lease to expire and the row is retried. `onlyId` claims that one row (due or not) if it is
 * pending and not leased.
 */
export async function claimDueMails(
  db: DB,
  worker: string,
  limit: number,
  leaseSeconds: number,
  onlyId?: string,
): Promise<MailOutboxRow[]> {
  return db
    .updateTable("mail_outbox")
    .set({
      locked_by: worker,
      locked_until: sql`now() + make_interval(secs => ${leaseSeconds})`,
      attempts: sql`attempts + 1`,
    })
    .where(
      "id",
      "in",
      (() => {
        let q = db
          .selectFrom("mail_outbox")
          .select("id")
          .where("status", "=", "pending")
          .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", sql<Date>`now()`)]));
        // One row asked for by id (the instance that queued it sends it at once) is taken even
        // before its next_attempt_at; a batch takes only due rows.
        q = onlyId !== undefined ? q.where("id", "=", onlyId) : q.where("next_attempt_at", "<=", sql<Date>`now()`);
        return q.orderBy("next_attempt_at").orderBy("id").limit(limit).forUpdate().skipLocked();
      })(),
    )
    .returningAll()
    .execute();
}

/** The mail went out: sent, lease released, its data (which may hold a link's token) cleared. */
export async function markSent(db: DB, id: string, worker: string): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set({ status: "sent", sent_at: sql`now()`, locked_until: null, data: "{}", last_error: null })
    .where("id", "=", id)
    .where("locked_by", "=", worker)
    .execute();
}

/** Not to be sent after all (preference switched off, member gone): kept as skipped, with why. */
export async function markSkipped(db: DB, id: string, worker: string, why: string): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set({ status: "skipped", locked_until: null, data: "{}", last_error: why })
    .where("id", "=", id)
    .where("locked_by", "=", worker)
    .execute();
}

/** Sending failed: retry at `retryInSeconds` from now, or give up (`failed`) when null. */
export async function markAttemptFailed(
  db: DB,
  id: string,
  worker: string,
  error: string,
  retryInSeconds: number | null,
): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set(
      retryInSeconds === null
        ? { status: "failed", locked_until: null, last_error: error, data: "{}" }
        : {
            locked_until: null,
            last_error: error,
            next_attempt_at: sql`now() + make_interval(secs => ${retryInSeconds})`,
          },
    )
    .where("id", "=", id)
    .where("locked_by", "=", worker)
    .execute();
}

/** Rows of the queue, for tests and operators (newest last). */
export function findMails(db: DB, filter: { userId?: number; kind?: string } = {}) {
  let q = db.selectFrom("mail_outbox").selectAll().orderBy("id");
  if (filter.userId !== undefined) q = q.where("user_id", "=", filter.userId);
  if (filter.kind !== undefined) q = q.where("kind", "=", filter.kind);
  return q.execute();
}

/** Whether a mail with this dedupe key was ever queued. */
export async function hasDedupeKey(db: DB | Tx, key: string): Promise<boolean> {
  const r = await db.selectFrom("mail_outbox").select("id").where("dedupe_key", "=", key).executeTakeFirst();
  return r !== undefined;
}

/** How many mails of `kind` were queued for the member in the last `seconds` (a resend throttle). */
export async function countRecentMails(db: DB, userId: number, kind: string, seconds: number): Promise<number> {
  const r = await db
    .selectFrom("mail_outbox")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .where("created_at", ">", sql<Date>`now() - make_interval(secs => ${seconds})`)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
