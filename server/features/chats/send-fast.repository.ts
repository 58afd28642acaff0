import { sql } from "kysely";
import type { DB } from "../../../db/create-db.js";

/** SQLSTATE chat_send_fast raises when the general path must run instead (its writes are rolled back). */
export const SEND_FAST_FALLBACK_CODE = "AMSLW";

/** One row of chat_send_fast (migration 2026_11_24_0500). */
export interface SendFastRow {
  conversation_id: number;
  seq: number;
  message_id: number;
  /** ISO 8601 UTC with milliseconds, as stored in the events' payloads. */
  created_at: string;
  /** The sender's balance after the debit. */
  credits: number;
  free_messages_left: number;
  sender_event_seq: number;
  recipient_event_seq: number;
}

/**
 * The steady-state send in one statement (migration 2026_11_24_0500_create_chat_send_function):
 * lock, checks, seq, conditional debit + ledger, message, unread counts and both events.
 * @param message the message's JSON without id, conversationId, seq and createdAt (the function adds them).
 * @returns the row, or undefined when the case is not the common one (nothing written).
 * @throws an error with code SEND_FAST_FALLBACK_CODE (nothing written) when the general path
 *         must run; 23505 for a reused client id (as the general path).
 */
export async function sendMessageFast(
  db: DB,
  p: {
    senderId: number;
    recipientId: number;
    clientId: string;
    body: string;
    gift: string | null;
    cost: number;
    reason: string;
    reference: string;
    message: string;
  },
): Promise<SendFastRow | undefined> {
  const { rows } =
    await sql<SendFastRow>`select * from chat_send_fast(${p.senderId}::integer, ${p.recipientId}::integer,
    ${p.clientId}::uuid, ${p.body}::text, ${p.gift}::text, ${p.cost}::integer, ${p.reason}::text, ${p.reference}::text,
    ${p.message}::jsonb)`.execute(db);
  return rows[0];
}
