import { sql } from "kysely";
import type { DB, Tx } from "../../../db/create-db.js";

/** Profile card data (name, birth date, place, main photo) for a set of member ids. */
export function findProfileSummaries(db: DB | Tx, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("profiles")
    .leftJoin("photos", (j) => j.onRef("photos.profile_id", "=", "profiles.id").on("photos.is_main", "=", true))
    .select([
      "profiles.id", "profiles.name", "profiles.birth_date", "profiles.gender", "profiles.city",
      "profiles.country", "profiles.last_active", "profiles.status",
      "photos.thumb_filename as main_thumb_filename", "photos.filename as main_filename",
    ])
    .where("profiles.id", "in", ids as number[])
    .execute();
}

export type ProfileSummaryRow = Awaited<ReturnType<typeof findProfileSummaries>>[number];

/** §4: the member shows in search and can be contacted (active profile, not invisible). */
export function isVisibleProfile(db: DB | Tx, id: number) {
  return db
    .selectFrom("profiles")
    .select(sql<boolean>`visible`.as("visible"))
    .where("id", "=", id)
    .executeTakeFirst();
}

/**
 * Lock members' rows in id order. Every transaction that touches two members (messages,
 * likes) takes these locks first and in this order, so two members acting on each other at
 * once queue up instead of deadlocking.
 */
export function lockMembers(tx: Tx, ids: readonly number[]) {
  return tx
    .selectFrom("users")
    .innerJoin("profiles", "profiles.id", "users.id")
    .select([
      "users.id", "users.status", "users.paid_user", "users.credits", "users.free_messages_left",
      "profiles.visible", "profiles.status as profile_status",
    ])
    .where("users.id", "in", [...new Set(ids)].sort((a, b) => a - b))
    .orderBy("users.id")
    .forUpdate("users")
    .execute();
}
