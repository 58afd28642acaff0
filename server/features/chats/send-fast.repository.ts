import { sql } from "kysely";
import type { DB } from "../../../db/create-db.js";

/** SQLSTATE chat_send_charged raises when the general path must run instead (its writes are rolled back). */
export const SEND_FAST_FALLBACK_CODE = "AMSLW";

/** The row of chat_send_charged (migration 2026_11_26_0100) for a message sent. */
export interface SendFastSent {
  outcome: "sent";
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
  /** A §3 notification mail was queued in the statement (wake the mail worker). */
  mail_queued: boolean;
  /** A Web Push was queued in the statement (wake the worker). */
  push_queued: boolean;
}

/**
 * The row of chat_send_charged for a §2 not-enough-credits refusal, or for a retry of a message
 * already stored (nothing written in either case).
 */
export interface SendFastNotSent {
  outcome: "not_enough_credits" | "duplicate";
  /** The sender's balance (for the refusal, below the cost). */
  credits: number;
  free_messages_left: number;
}

/** The row of chat_send_checked when the WebSocket's session has ended (nothing written). */
export interface SendFastSessionEnded {
  outcome: "session_ended";
}

export type SendFastRow = SendFastSent | SendFastNotSent | SendFastSessionEnded;

/**
 * A charged send in one statement (migration 2026_11_26_0100_create_chat_send_charged; a balance
 * that cannot pay is decided without row locks since 2026_11_28_0100): lock, checks, the
 * conversation (started for a premium member's first message) and its seq, conditional debit +
 * ledger, message, unread counts, the §3 notification mail and both events.
 * @param message the message's JSON without id, conversationId, seq and createdAt (the function adds them).
 * @param siteDomain the serving site's domain, stored with a queued mail or push (null: the default site).
 * @param push the recipient has no open tab: queue a Web Push if they have a subscription.
 * @param sessionId a WebSocket's session (SHA-256 id), re-checked first in the same statement
 *        (chat_send_checked, migration 2026_11_26_1100); null on HTTP, whose session was just read.
 * @returns the row ('sent'; or 'not_enough_credits', 'duplicate' or 'session_ended', nothing written), or
 *          undefined when the case is not one the statement takes (nothing written).
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
    siteDomain: string | null;
    push: boolean;
    sessionId?: string | null;
  },
): Promise<SendFastRow | undefined> {
  const args = sql`${p.senderId}::integer, ${p.recipientId}::integer, ${p.clientId}::uuid, ${p.body}::text,
    ${p.gift}::text, ${p.cost}::integer, ${p.reason}::text, ${p.reference}::text, ${p.message}::jsonb,
    ${p.siteDomain}::text, ${p.push}::boolean`;
  const { rows } = await (
    p.sessionId
      ? sql<SendFastRow>`select * from chat_send_checked(${p.sessionId}::text, ${args})`
      : sql<SendFastRow>`select * from chat_send_charged(${args})`
  ).execute(db);
  return rows[0];
}
