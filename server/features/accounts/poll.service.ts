import type { AppDeps } from "../../deps.js";
import { hashToken, type SessionMember } from "./sessions.service.js";
import { findPollSession } from "./poll.repository.js";

/** The logged-in member of a poll, with the seq of their newest event (member_events). */
export interface PollMember extends SessionMember {
  /** users.last_event_seq: rises with every event of the member (messages, reads, likes, credits, payments). */
  eventSeq: number;
}

/**
 * Resolve a poll's `auth` cookie token to the member and their event seq in one query (the
 * same checks as resolveSession: unexpired session, member not suspended or banned).
 * @returns null for an unknown, expired or malformed token.
 */
export async function resolvePollMember(deps: Pick<AppDeps, "db">, token: string): Promise<PollMember | null> {
  if (token.length < 20 || token.length > 100) return null;
  const sessionId = hashToken(token);
  const row = await findPollSession(deps.db, sessionId);
  if (!row) return null;
  return {
    id: row.id,
    sessionId,
    status: row.status,
    paidUser: row.paid_user,
    language: row.language,
    name: row.name,
    eventSeq: Number(row.last_event_seq),
  };
}
