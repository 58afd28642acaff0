import { sql } from "kysely";
import type { DB, Tx } from "../../../db/create-db.js";
import { compiledOnce } from "../../../db/compiled-once.js";

/** Store a session by the SHA-256 of its cookie token (`id`), valid until `expiresAt`. */
export async function insertSession(
  db: DB | Tx,
  session: { id: string; userId: number; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto("sessions")
    .values({ id: session.id, user_id: session.userId, expires_at: session.expiresAt })
    .execute();
}

/**
 * The member behind an unexpired session id, with what every procedure needs, or undefined. A
 * suspended or banned member's sessions are deleted; the moderation_status check also refuses one
 * opened meanwhile. Runs on every authenticated request: the query is built and compiled once per
 * database and only its parameter changes (issue 12: server CPU per message).
 */
export const findSessionMember = compiledOnce((db, sessionId) =>
  db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .innerJoin("profiles", "profiles.id", "users.id")
    .select(["users.id", "users.status", "users.paid_user", "users.language", "profiles.name"])
    .where("sessions.id", "=", sessionId)
    .where("sessions.expires_at", ">", sql<Date>`now()`)
    .where("users.moderation_status", "=", "ok"),
);

/** Delete one session (logout). Deleting a missing one does nothing. */
export async function deleteSession(db: DB, sessionId: string): Promise<void> {
  await db.deleteFrom("sessions").where("id", "=", sessionId).execute();
}

/** Delete every session of a member (suspension, ban). @returns the deleted sessions' ids. */
export async function deleteSessionsOfUser(db: DB, userId: number): Promise<string[]> {
  const rows = await db.deleteFrom("sessions").where("user_id", "=", userId).returning("id").execute();
  return rows.map((r) => r.id);
}

/** Which of `sessionIds` are still live (unexpired): the others ended (logout, expiry). */
export async function findLiveSessionIds(db: DB, sessionIds: readonly string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("sessions")
    .select("id")
    .where("id", "in", sessionIds as string[])
    .where("expires_at", ">", sql<Date>`now()`)
    .execute();
  return new Set(rows.map((r) => r.id));
}
