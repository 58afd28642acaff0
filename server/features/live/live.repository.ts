import { sql } from "kysely";
import type { DB, Tx } from "../../../db/create-db.js";

/**
 * Append an event to a member's log under the member row's lock: the seq is
 * users.last_event_seq + 1, so a member's events are numbered in commit order.
 */
export async function appendMemberEvent(tx: Tx, userId: number, type: string, payload: unknown) {
  const { last_event_seq: seq } = await tx
    .updateTable("users")
    .set((eb) => ({ last_event_seq: eb("last_event_seq", "+", 1) }))
    .where("id", "=", userId)
    .returning("last_event_seq")
    .executeTakeFirstOrThrow();
  await tx
    .insertInto("member_events")
    .values({ user_id: userId, seq, type, payload: JSON.stringify(payload) })
    .execute();
  return { userId, seq: Number(seq), type, payload };
}

/**
 * appendMemberEvent for several distinct members at once: one UPDATE numbers them all (the rows
 * are already locked by the caller's transaction), one INSERT stores them.
 */
export async function appendMemberEvents(
  tx: Tx,
  entries: readonly { userId: number; type: string; payload: unknown }[],
) {
  const ids = entries.map((e) => e.userId);
  if (new Set(ids).size !== ids.length) throw new Error("appendMemberEvents: one event per member");
  const rows = await tx
    .updateTable("users")
    .set((eb) => ({ last_event_seq: eb("last_event_seq", "+", 1) }))
    .where("id", "in", ids)
    .returning(["id", "last_event_seq"])
    .execute();
  const seqOf = new Map(rows.map((r) => [r.id, Number(r.last_event_seq)]));
  const stored = entries.map((e) => ({
    userId: e.userId,
    seq: seqOf.get(e.userId)!,
    type: e.type,
    payload: e.payload,
  }));
  await tx
    .insertInto("member_events")
    .values(stored.map((e) => ({ user_id: e.userId, seq: e.seq, type: e.type, payload: JSON.stringify(e.payload) })))
    .execute();
  return stored;
}

/**
 * How far back a tab may resume its live stream: events older than this are never sent again (a
 * tab away that long reloads what it shows when its stream starts). The log is a copy of what
 * the events said then, so this also bounds what it can give back after the facts changed.
 */
export const LIVE_RESUME_WINDOW_HOURS = 24;

/** The member's events after `afterSeq` (at most `limit`, oldest first), within the resume window. */
export function findEventsAfter(db: DB, userId: number, afterSeq: number, limit: number) {
  return db
    .selectFrom("member_events")
    .select(["seq", "type", "payload"])
    .where("user_id", "=", userId)
    .where("seq", ">", afterSeq)
    .where("created_at", ">", sql<Date>`now() - make_interval(hours => ${LIVE_RESUME_WINDOW_HOURS})`)
    .orderBy("seq")
    .limit(limit)
    .execute();
}

/**
 * §4 a block: the events in each member's log that show the other (their messages, their card in
 * a like or a match) are deleted with the conversations and likes, so no resumed stream gives them
 * back. Other events stay (their seqs simply skip).
 * @returns how many events were deleted.
 */
export async function deleteEventsAboutEachOther(tx: Tx, a: number, b: number): Promise<number> {
  const result = await sql`
    delete from member_events
    where (user_id = ${a} and (payload->>'otherProfileId' = ${String(b)} or payload->'profile'->>'id' = ${String(b)}))
       or (user_id = ${b} and (payload->>'otherProfileId' = ${String(a)} or payload->'profile'->>'id' = ${String(a)}))`.execute(
    tx,
  );
  return Number(result.numAffectedRows ?? 0);
}

export async function findLastEventSeq(db: DB, userId: number): Promise<number> {
  const row = await db.selectFrom("users").select("last_event_seq").where("id", "=", userId).executeTakeFirst();
  return Number(row?.last_event_seq ?? 0);
}

/**
 * Delete the events older than `hours` (they are past the resume window: no stream sends them
 * again). Uses the BRIN index on created_at (migration 2026_11_26_2300).
 * @returns how many were deleted.
 */
export async function deleteEventsOlderThan(db: DB, hours: number): Promise<number> {
  const result = await db
    .deleteFrom("member_events")
    .where("created_at", "<", sql<Date>`now() - make_interval(hours => ${hours})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
