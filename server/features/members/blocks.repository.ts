import { sql } from "kysely";
import type { DB, Tx } from "../../../db/create-db.js";

// The members feature owns the blocks table (§4, §6): every read and write of a block is here.

/** Record that `blockerId` blocked `blockedId`. @returns false when the block existed already. */
export async function insertBlock(tx: Tx, blockerId: number, blockedId: number): Promise<boolean> {
  const res = await tx
    .insertInto("blocks")
    .values({ blocker_id: blockerId, blocked_id: blockedId })
    .onConflict((oc) => oc.columns(["blocker_id", "blocked_id"]).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Lift the block `blockerId` put on `blockedId` (only the blocker can). @returns whether one was lifted. */
export async function deleteBlock(db: DB | Tx, blockerId: number, blockedId: number): Promise<boolean> {
  const res = await db
    .deleteFrom("blocks")
    .where("blocker_id", "=", blockerId)
    .where("blocked_id", "=", blockedId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Of `ids`, the members with a block between them and `viewerId`, whichever way. */
export async function findBlockedEitherWay(
  db: DB | Tx,
  viewerId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const list = [...new Set(ids)];
  const rows = await db
    .selectFrom("blocks")
    .select(sql<number>`case when blocker_id = ${viewerId} then blocked_id else blocker_id end`.as("other_id"))
    .where((eb) =>
      eb.or([
        eb.and([eb("blocker_id", "=", viewerId), eb("blocked_id", "in", list)]),
        eb.and([eb("blocked_id", "=", viewerId), eb("blocker_id", "in", list)]),
      ]),
    )
    .execute();
  return new Set(rows.map((r) => Number(r.other_id)));
}

/** The blocks between two members: who blocked whom. */
export async function findBlocksBetween(db: DB | Tx, a: number, b: number) {
  return db
    .selectFrom("blocks")
    .select(["blocker_id", "blocked_id"])
    .where((eb) =>
      eb.or([
        eb.and([eb("blocker_id", "=", a), eb("blocked_id", "=", b)]),
        eb.and([eb("blocker_id", "=", b), eb("blocked_id", "=", a)]),
      ]),
    )
    .execute();
}

/**
 * The members `blockerId` blocked, newest first (at most `limit`), with what the visibility rule
 * reads (profiles.visible, the account and moderation status; a purged account is pending deletion).
 */
export function findBlockedBy(db: DB | Tx, blockerId: number, limit: number) {
  return db
    .selectFrom("blocks")
    .innerJoin("profiles", "profiles.id", "blocks.blocked_id")
    .innerJoin("users", "users.id", "blocks.blocked_id")
    .select([
      "blocks.blocked_id",
      "blocks.created_at",
      "profiles.name",
      "profiles.visible",
      "users.status as account_status",
      "users.moderation_status",
    ])
    .where("blocks.blocker_id", "=", blockerId)
    .orderBy("blocks.created_at", "desc")
    .orderBy("blocks.blocked_id", "desc")
    .limit(limit)
    .execute();
}
