import type { DB } from "../../../db/create-db.js";

// The chats feature owns users.read_receipts (migration 2026_11_24_0800).

/** Each member's read-receipts choice, for the given ids (absent ids are unknown members). */
export function findReadReceiptsOf(db: DB, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("users")
    .select(["id", "read_receipts"])
    .where("id", "in", [...new Set(ids)])
    .execute();
}

/** Turn the member's read receipts on or off. @returns whether the member exists. */
export async function updateReadReceipts(
  db: DB,
  userId: number,
  enabled: boolean,
): Promise<"changed" | "unchanged" | "no_member"> {
  const res = await db
    .updateTable("users")
    .set({ read_receipts: enabled })
    .where("id", "=", userId)
    .where("read_receipts", "!=", enabled)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) > 0) return "changed";
  const exists = await db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst();
  return exists ? "unchanged" : "no_member";
}

/** How far a member of a conversation has read (conversation_members.last_read_seq). */
export async function findLastReadSeq(db: DB, conversationId: number, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom("conversation_members")
    .select("last_read_seq")
    .where("conversation_id", "=", conversationId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ? row.last_read_seq : null;
}

/** The members `userId` shares a conversation with, most recent first, at most `limit`. */
export async function findConversationPartners(db: DB, userId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom("conversation_members")
    .select("other_user_id")
    .where("user_id", "=", userId)
    .orderBy("last_message_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => r.other_user_id);
}
