import { sql } from "kysely";
import type { DB, Tx } from "../../../db/create-db.js";
import type { UserStatus } from "../../../db/database.js";
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

/** A row of session_member() (migration 2026_11_26_1100). */
export interface SessionMemberRow {
  id: number;
  status: UserStatus;
  paid_user: boolean;
  language: string;
  name: string;
  /** users.last_event_seq: the member's latest live event (the legacy polls' ETag, issue 13). */
  last_event_seq: number;
}

/**
 * `session_member(sessionId)` as the table `m`: the member behind an unexpired session id whose
 * moderation status is 'ok' (a suspended or banned member's sessions are deleted; the check also
 * refuses one opened meanwhile), or no row. The conditions live in the database function, whose
 * plan PGlite keeps (issue 12); chat_send_checked uses the same function.
 */
export const sessionMemberTable = (sessionId: string) => sql<SessionMemberRow>`session_member(${sessionId})`.as("m");

/**
 * The member behind a session id, with what every procedure needs, or undefined. Runs on every
 * authenticated request: built and compiled once per database, only its parameter changes.
 */
export const findSessionMember = compiledOnce((db, sessionId) =>
  db.selectFrom(sessionMemberTable(sessionId)).select(["m.id", "m.status", "m.paid_user", "m.language", "m.name"]),
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
