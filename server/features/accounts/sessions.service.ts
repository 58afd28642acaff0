import crypto from "node:crypto";
import type { AppDeps } from "../../deps.js";
import type { Tx, DB } from "../../../db/create-db.js";
import type { UserStatus } from "../../../db/database.js";
import { AUTH_COOKIE_MAX_AGE_SECONDS } from "../../constants.js";
import * as repo from "./sessions.repository.js";

/** The logged-in member as every procedure sees it. */
export interface SessionMember {
  id: number;
  sessionId: string;
  status: UserStatus;
  paidUser: boolean;
  language: string;
  name: string;
}

/** Sessions are stored by the SHA-256 of the cookie token: a leaked table grants no login. */
export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/**
 * Start a session for `userId`.
 * @returns the raw token for the `auth` cookie (valid AUTH_COOKIE_MAX_AGE_SECONDS, §9: 30 days).
 */
export async function createSession(db: DB | Tx, userId: number): Promise<{ token: string; sessionId: string }> {
  const token = crypto.randomBytes(32).toString("base64url");
  const sessionId = hashToken(token);
  await repo.insertSession(db, {
    id: sessionId,
    userId,
    expiresAt: new Date(Date.now() + AUTH_COOKIE_MAX_AGE_SECONDS * 1000),
  });
  return { token, sessionId };
}

/**
 * Look up the member behind a cookie token.
 * @returns the member, or null for an unknown, expired or malformed token.
 */
export async function resolveSession(deps: AppDeps, token: string): Promise<SessionMember | null> {
  if (token.length < 20 || token.length > 100) return null;
  const sessionId = hashToken(token);
  const row = await repo.findSessionMember(deps.db, sessionId);
  if (!row) return null;
  return {
    id: row.id,
    sessionId,
    status: row.status,
    paidUser: row.paid_user,
    language: row.language,
    name: row.name,
  };
}

/** The bus channel on which every instance hears that a session ended. */
export const SESSION_ENDED_CHANNEL = "session-ended";

/**
 * End a session: delete it and tell every instance to close its WebSockets.
 * Idempotent: ending an ended session does nothing.
 */
export async function endSession(deps: AppDeps, sessionId: string): Promise<void> {
  await repo.deleteSession(deps.db, sessionId);
  await deps.bus.publish(SESSION_ENDED_CHANNEL, { sessionId });
}
