import { sql, type RawBuilder } from "kysely";
import type { DB, Tx } from "../../../db/create-db.js";

export function findMessageByClientId(db: DB | Tx, senderId: number, clientId: string) {
  return db
    .selectFrom("messages")
    .innerJoin("conversations", "conversations.id", "messages.conversation_id")
    .select([
      "messages.id",
      "messages.conversation_id",
      "messages.seq",
      "messages.sender_id",
      "messages.client_id",
      "messages.body",
      "messages.gift",
      "messages.created_at",
      "conversations.member_low_id",
      "conversations.member_high_id",
    ])
    .where("messages.sender_id", "=", senderId)
    .where("messages.client_id", "=", clientId)
    .executeTakeFirst();
}

export function findConversationByPair(db: DB | Tx, a: number, b: number) {
  return db
    .selectFrom("conversations")
    .selectAll()
    .where("member_low_id", "=", Math.min(a, b))
    .where("member_high_id", "=", Math.max(a, b))
    .executeTakeFirst();
}

/** Delete the conversation of a pair (messages and members go with it, on delete cascade). @returns the ids deleted. */
export async function deleteConversationsOfPair(tx: Tx, a: number, b: number): Promise<number[]> {
  const rows = await tx
    .deleteFrom("conversations")
    .where("member_low_id", "=", Math.min(a, b))
    .where("member_high_id", "=", Math.max(a, b))
    .returning(["id", "started_by"])
    .execute();
  // Whoever started one still counts it (§9: free members may start 2; a block gives none back).
  for (const starter of new Set(rows.map((r) => r.started_by)))
    await tx
      .updateTable("users")
      .set((eb) => ({
        deleted_started_conversations: eb(
          "deleted_started_conversations",
          "+",
          rows.filter((r) => r.started_by === starter).length,
        ),
      }))
      .where("id", "=", starter)
      .execute();
  return rows.map((r) => r.id);
}

/**
 * Conversations `userId` started (free members may start 2, §9): those there are, and those a block
 * deleted (users.deleted_started_conversations).
 */
export async function countConversationsStartedBy(tx: DB | Tx, userId: number): Promise<number> {
  const row = await tx
    .selectFrom("users")
    .select((eb) => [
      sql<number>`(select count(*)::int from conversations where started_by = ${userId}) + ${eb.ref("deleted_started_conversations")}`.as(
        "n",
      ),
    ])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function insertConversation(tx: Tx, a: number, b: number, startedBy: number) {
  const conv = await tx
    .insertInto("conversations")
    .values({ member_low_id: Math.min(a, b), member_high_id: Math.max(a, b), started_by: startedBy })
    .returningAll()
    .executeTakeFirstOrThrow();
  await tx
    .insertInto("conversation_members")
    .values([
      { conversation_id: conv.id, user_id: a, other_user_id: b },
      { conversation_id: conv.id, user_id: b, other_user_id: a },
    ])
    .execute();
  return conv;
}

/** Take the conversation's next sequence number under its row lock. */
export async function nextSeq(tx: Tx, conversationId: number): Promise<{ seq: number; at: Date }> {
  const row = await tx
    .updateTable("conversations")
    .set((eb) => ({ last_seq: eb("last_seq", "+", 1), last_message_at: sql`now()` }))
    .where("id", "=", conversationId)
    .returning(["last_seq", "last_message_at"])
    .executeTakeFirstOrThrow();
  return { seq: row.last_seq, at: row.last_message_at! };
}

export function insertMessage(
  tx: Tx,
  m: {
    conversation_id: number;
    seq: number;
    sender_id: number;
    client_id: string;
    body: string;
    credits_charged: number;
    gift?: string | null;
  },
) {
  return tx.insertInto("messages").values(m).returning(["id", "created_at"]).executeTakeFirstOrThrow();
}

/** After a message: the recipient has one more unread; both see the conversation again. */
export async function markDelivered(
  tx: Tx,
  conversationId: number,
  senderId: number,
  recipientId: number,
  seq: number,
): Promise<number> {
  // One statement for both rows: a round trip saved on the hottest path (bench:chat).
  const rows = await tx
    .updateTable("conversation_members")
    .set({
      unread_count: sql`unread_count + case when user_id = ${recipientId} then 1 else 0 end`,
      last_read_seq: sql`case when user_id = ${senderId} then ${seq}::int else last_read_seq end`,
      removed: false,
      last_message_at: sql`now()`,
    })
    .where("conversation_id", "=", conversationId)
    .where("user_id", "in", [senderId, recipientId])
    .returning(["user_id", "unread_count"])
    .execute();
  // The recipient's unread count after this message (1: the first unread one, which is mailed).
  return rows.find((r) => r.user_id === recipientId)?.unread_count ?? 0;
}

/**
 * Take the next sequence number of the pair's conversation under its row lock, when the
 * conversation exists. @returns its id and the new seq, or undefined before the first message.
 */
export function bumpSeqOfPair(tx: Tx, a: number, b: number) {
  return tx
    .updateTable("conversations")
    .set((eb) => ({ last_seq: eb("last_seq", "+", 1), last_message_at: sql`now()` }))
    .where("member_low_id", "=", Math.min(a, b))
    .where("member_high_id", "=", Math.max(a, b))
    .returning(["id", "last_seq"])
    .executeTakeFirst();
}

/** The member's conversation list (not removed), newest first, with the last message. */
export function findConversationList(db: DB, userId: number, limit: number) {
  return db
    .selectFrom("conversation_members as cm")
    .innerJoin("conversations as c", "c.id", "cm.conversation_id")
    .leftJoin("messages as m", (j) => j.onRef("m.conversation_id", "=", "c.id").onRef("m.seq", "=", "c.last_seq"))
    .select([
      "c.id",
      "cm.other_user_id",
      "cm.unread_count",
      "c.last_message_at",
      "c.created_at",
      "m.body as last_body",
      "m.sender_id as last_sender_id",
    ])
    .where("cm.user_id", "=", userId)
    .where("cm.removed", "=", false)
    .orderBy(sql`coalesce(c.last_message_at, c.created_at)`, "desc")
    .limit(limit)
    .execute();
}

export function findMembership(db: DB | Tx, conversationId: number, userId: number) {
  return db
    .selectFrom("conversation_members as cm")
    .innerJoin("conversations as c", "c.id", "cm.conversation_id")
    .select(["cm.conversation_id", "cm.other_user_id", "cm.unread_count", "cm.removed", "c.last_seq", "c.started_by"])
    .where("cm.conversation_id", "=", conversationId)
    .where("cm.user_id", "=", userId)
    .executeTakeFirst();
}

/** Messages before `beforeSeq` (or the newest), newest first. */
export function findMessages(db: DB, conversationId: number, beforeSeq: number | null, limit: number) {
  let q = db
    .selectFrom("messages")
    .select(["id", "conversation_id", "seq", "sender_id", "client_id", "body", "gift", "created_at"])
    .where("conversation_id", "=", conversationId);
  if (beforeSeq !== null) q = q.where("seq", "<", beforeSeq);
  return q.orderBy("seq", "desc").limit(limit).execute();
}

/** §4: opening a chat sets its unread count to zero. @returns whether it was unread. */
export async function markRead(tx: Tx, conversationId: number, userId: number): Promise<boolean> {
  const res = await tx
    .updateTable("conversation_members as cm")
    .set({ unread_count: 0, last_read_seq: sql`(select last_seq from conversations where id = cm.conversation_id)` })
    .where("cm.conversation_id", "=", conversationId)
    .where("cm.user_id", "=", userId)
    .where("cm.unread_count", ">", 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** §4: remove a chat from the member's list. @returns whether it was listed. */
export async function markRemoved(tx: Tx, conversationId: number, userId: number): Promise<boolean> {
  const res = await tx
    .updateTable("conversation_members")
    .set({ removed: true, unread_count: 0 })
    .where("conversation_id", "=", conversationId)
    .where("user_id", "=", userId)
    .where("removed", "=", false)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * Unread messages of the conversations the list shows (§2 Messages badge): not those with a member
 * the list hides because `closed(alias)` holds for their users row (members.service
 * closedToOthersSql: pending deletion, suspended or banned).
 */
export async function sumUnread(
  db: DB,
  userId: number,
  closed: (usersAlias: string) => RawBuilder<boolean>,
): Promise<number> {
  const row = await db
    .selectFrom("conversation_members as cm")
    .innerJoin("users as other", "other.id", "cm.other_user_id")
    .select(sql<number>`coalesce(sum(cm.unread_count), 0)::int`.as("n"))
    .where("cm.user_id", "=", userId)
    .where("cm.removed", "=", false)
    .where(sql<boolean>`not ${closed("other")}`)
    .executeTakeFirstOrThrow();
  return row.n;
}
