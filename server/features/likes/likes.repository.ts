import { sql } from "kysely";
import type { DB, Tx } from "../../../db/create-db.js";

/** @returns true when a new like was stored, false when it existed already. */
export async function insertLike(tx: Tx, likerId: number, likedId: number): Promise<boolean> {
  const res = await tx
    .insertInto("likes")
    .values({ liker_id: likerId, liked_id: likedId })
    .onConflict((oc) => oc.columns(["liker_id", "liked_id"]).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteLike(tx: Tx | DB, likerId: number, likedId: number): Promise<boolean> {
  const res = await tx
    .deleteFrom("likes")
    .where("liker_id", "=", likerId)
    .where("liked_id", "=", likedId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Delete the likes between two members, both ways. @returns how many were deleted. */
export async function deleteLikesBetween(tx: Tx, a: number, b: number): Promise<number> {
  const res = await tx
    .deleteFrom("likes")
    .where((eb) =>
      eb.or([
        eb.and([eb("liker_id", "=", a), eb("liked_id", "=", b)]),
        eb.and([eb("liker_id", "=", b), eb("liked_id", "=", a)]),
      ]),
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function likeExists(db: DB | Tx, likerId: number, likedId: number): Promise<boolean> {
  const row = await db
    .selectFrom("likes")
    .select("liker_id")
    .where("liker_id", "=", likerId)
    .where("liked_id", "=", likedId)
    .executeTakeFirst();
  return !!row;
}

/**
 * Take one like from today's quota (§9: 4 a day for free members) with a conditional upsert.
 * @returns the number used today after this like, or null when the quota is spent.
 */
export async function takeDailyLike(tx: Tx, userId: number, day: string, limit: number): Promise<number | null> {
  const row = await tx
    .insertInto("like_quota")
    .values({ user_id: userId, day, used: 1 })
    .onConflict((oc) =>
      oc
        .columns(["user_id", "day"])
        .doUpdateSet((eb) => ({ used: eb("like_quota.used", "+", 1) }))
        .where("like_quota.used", "<", limit),
    )
    .returning("used")
    .executeTakeFirst();
  return row?.used ?? null;
}

export async function dailyLikesUsed(db: DB | Tx, userId: number, day: string): Promise<number> {
  const row = await db
    .selectFrom("like_quota")
    .select("used")
    .where("user_id", "=", userId)
    .where("day", "=", day)
    .executeTakeFirst();
  return row?.used ?? 0;
}

/** Likes the member sent, newest first, with whether each is mutual. */
export function findSent(db: DB, userId: number, limit: number) {
  return db
    .selectFrom("likes as l")
    .leftJoin("likes as back", (j) =>
      j.onRef("back.liker_id", "=", "l.liked_id").onRef("back.liked_id", "=", "l.liker_id"),
    )
    .select(["l.liked_id as profile_id", "l.created_at", sql<boolean>`back.liker_id is not null`.as("mutual")])
    .where("l.liker_id", "=", userId)
    .orderBy("l.created_at", "desc")
    .limit(limit)
    .execute();
}

/** Likes the member received: §4 new ones first, then newest first. */
export function findReceived(db: DB, userId: number, limit: number) {
  return db
    .selectFrom("likes as l")
    .leftJoin("likes as back", (j) =>
      j.onRef("back.liker_id", "=", "l.liked_id").onRef("back.liked_id", "=", "l.liker_id"),
    )
    .select([
      "l.liker_id as profile_id",
      "l.is_new",
      "l.created_at",
      sql<boolean>`back.liker_id is not null`.as("mutual"),
    ])
    .where("l.liked_id", "=", userId)
    .orderBy("l.is_new", "desc")
    .orderBy("l.created_at", "desc")
    .limit(limit)
    .execute();
}

/** §4 opening a profile clears its new-like flag. @returns whether a flag was cleared. */
export async function clearNewFlag(tx: Tx | DB, likerId: number, likedId: number): Promise<boolean> {
  const res = await tx
    .updateTable("likes")
    .set({ is_new: false })
    .where("liker_id", "=", likerId)
    .where("liked_id", "=", likedId)
    .where("is_new", "=", true)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * New received likes from members shown to others (profiles.visible: the likes list hides an
 * invisible, suspended or deleted liker, so the §2 badge does not count one either; a block
 * deletes the likes). A match whose liker went invisible is shown as a contact but not counted:
 * the badge may count less than the list, never more.
 */
export async function countNew(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom("likes")
    .innerJoin("profiles", "profiles.id", "likes.liker_id")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("likes.liked_id", "=", userId)
    .where("likes.is_new", "=", true)
    .where("profiles.visible", "=", true)
    .executeTakeFirstOrThrow();
  return row.n;
}
