import { sql } from "kysely";
import type { DB, Tx } from "../../../db/create-db.js";
import type { NewLike, NewPayment, NewPhoto, NewProfile, NewUser } from "../../../db/database.js";

// Bulk inserts of the demo seed (demo.seed.ts), in the seed's one transaction. Only the seed
// writes rows this way: members are otherwise created by signup (accounts, members).

/** Any fixed number: serialises the seed of instances starting together on one empty database. */
const SEED_LOCK_KEY = 0x5eed_da7a;

/** Take the seed's transaction-level advisory lock (released at commit or rollback). */
export async function lockSeed(tx: Tx): Promise<void> {
  await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(tx);
}

/** Whether any member exists (the seed writes only into an empty database). */
export async function hasUsers(db: DB | Tx): Promise<boolean> {
  return !!(await db.selectFrom("users").select("id").limit(1).executeTakeFirst());
}

/** Insert account rows. @returns their ids by e-mail. */
export function insertUsers(tx: Tx, users: NewUser[]) {
  return tx.insertInto("users").values(users).returning(["id", "email"]).execute();
}

export async function insertProfiles(tx: Tx, profiles: NewProfile[]): Promise<void> {
  await tx.insertInto("profiles").values(profiles).execute();
}

export async function insertPhotos(tx: Tx, photos: NewPhoto[]): Promise<void> {
  await tx.insertInto("photos").values(photos).execute();
}

export async function insertLikes(tx: Tx, likes: NewLike[]): Promise<void> {
  if (likes.length) await tx.insertInto("likes").values(likes).execute();
}

/** A package's id and list price in `currency` (cents), by its number of credits. */
export function findPackagePrice(tx: Tx, credits: number, currency: string) {
  return tx
    .selectFrom("credit_packages as p")
    .innerJoin("credit_package_prices as pr", "pr.package_id", "p.id")
    .select(["p.id", "pr.amount_cents"])
    .where("p.credits", "=", credits)
    .where("pr.currency", "=", currency)
    .executeTakeFirstOrThrow();
}

/** Insert a payment row as it stands after the provider reported it completed. @returns its id. */
export async function insertCompletedPayment(tx: Tx, payment: NewPayment): Promise<number> {
  const { id } = await tx.insertInto("payments").values(payment).returning("id").executeTakeFirstOrThrow();
  return id;
}

/**
 * A conversation between two members as the send path leaves it after `messages`, in order
 * (chats.service sendMessage): the conversation at its last seq, both members' rows, the messages
 * numbered from 1. Each member has read up to their own last message (sending marks the
 * conversation read for the sender) and has the other's later messages unread.
 * @param c.messages at least one; `at` the time each was sent (also the conversation's last activity).
 * @returns the conversation's id.
 */
export async function insertConversation(
  tx: Tx,
  c: {
    startedBy: number;
    otherId: number;
    createdAt: Date;
    messages: readonly { senderId: number; clientId: string; body: string; at: Date }[];
  },
): Promise<number> {
  const last = c.messages.at(-1)!;
  const { id } = await tx
    .insertInto("conversations")
    .values({
      member_low_id: Math.min(c.startedBy, c.otherId),
      member_high_id: Math.max(c.startedBy, c.otherId),
      started_by: c.startedBy,
      last_seq: c.messages.length,
      created_at: c.createdAt,
      last_message_at: last.at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const memberRow = (userId: number, otherUserId: number) => {
    const lastReadSeq = c.messages.findLastIndex((m) => m.senderId === userId) + 1;
    return {
      conversation_id: id,
      user_id: userId,
      other_user_id: otherUserId,
      last_read_seq: lastReadSeq,
      unread_count: c.messages.length - lastReadSeq,
      last_message_at: last.at,
    };
  };
  await tx
    .insertInto("conversation_members")
    .values([memberRow(c.startedBy, c.otherId), memberRow(c.otherId, c.startedBy)])
    .execute();
  await tx
    .insertInto("messages")
    .values(
      c.messages.map((m, i) => ({
        conversation_id: id,
        seq: i + 1,
        sender_id: m.senderId,
        client_id: m.clientId,
        body: m.body,
        credits_charged: 0,
        created_at: m.at,
      })),
    )
    .execute();
  return id;
}
