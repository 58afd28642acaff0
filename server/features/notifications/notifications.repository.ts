import { sql } from "kysely";
import type { DB, Tx } from "../../../db/create-db.js";
import type { NotificationSettingsUpdate, NotificationsDisabledReason } from "../../../db/database.js";

// The notifications feature owns notification_settings (§3 preferences and notifications_disabled).

/** The member's row, or undefined when they never changed anything (all on, nothing disabled). */
export function findSettings(db: DB | Tx, userId: number) {
  return db.selectFrom("notification_settings").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

/** Insert or update the member's preferences (and, when given, the disabled reason). */
export async function upsertSettings(db: DB | Tx, userId: number, values: NotificationSettingsUpdate): Promise<void> {
  await db
    .insertInto("notification_settings")
    .values({ user_id: userId, ...values, updated_at: sql`now()` } as never)
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ ...values, updated_at: sql`now()` }))
    .execute();
}

/** §3 notifications_disabled = reason (unsubscribe, bounce, complaint). */
export async function setDisabled(db: DB | Tx, userId: number, reason: NotificationsDisabledReason): Promise<void> {
  await upsertSettings(db, userId, { notifications_disabled: reason });
}

/** The member with this address (case-insensitive), if any: whom a bounce report is about. */
export async function findUserIdByEmail(db: DB, email: string): Promise<number | null> {
  const r = await db
    .selectFrom("users")
    .select("id")
    .where(sql`lower(email)`, "=", email.toLowerCase())
    .executeTakeFirst();
  return r?.id ?? null;
}

/** Remove the member's preferences (account purge). */
export async function deleteSettings(db: DB | Tx, userId: number): Promise<void> {
  await db.deleteFrom("notification_settings").where("user_id", "=", userId).execute();
}

/** Whether the member exists (a signed link may outlive its member). */
export async function findUserIdById(db: DB, userId: number): Promise<boolean> {
  const r = await db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst();
  return r !== undefined;
}

/**
 * Unread streaks older than `cutoff` (read-only use of the chats tables): per conversation member
 * with unread messages, the first unread message written on or before `cutoff`.
 */
export function findUnreadSince(db: DB, cutoff: Date, limit: number) {
  return db
    .selectFrom("conversation_members as cm")
    .innerJoin("messages as m", (j) =>
      j.onRef("m.conversation_id", "=", "cm.conversation_id").on("m.seq", "=", sql<number>`cm.last_read_seq + 1`),
    )
    .select(["cm.user_id", "cm.conversation_id", "cm.other_user_id", "cm.last_read_seq"])
    .where("cm.unread_count", ">", 0)
    .where("cm.removed", "=", false)
    .where("m.created_at", "<=", cutoff)
    .whereRef("m.sender_id", "=", "cm.other_user_id")
    .orderBy("m.created_at")
    .limit(limit)
    .execute();
}
