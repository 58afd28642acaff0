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
  return resolveSessionById(deps, hashToken(token));
}

/**
 * The member behind a stored session id (the SHA-256 of its token): a WebSocket's calls re-check
 * their session with it, so a session that ended (logout on any instance, expiry) is refused even
 * when the bus message that closes its sockets was lost (ARCHITECTURE "Real time").
 * @returns the member as of now (premium status, language…), or null when the session is gone.
 */
export async function resolveSessionById(deps: Pick<AppDeps, "db">, sessionId: string): Promise<SessionMember | null> {
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
 * End a session: delete it, close its WebSockets on this instance, and tell the other instances
 * to close theirs. The database decides: the bus message only speeds the closing up, so it is
 * sent without waiting (a bus that is down must not fail or slow a logout); sockets it misses
 * are refused on their next call and closed by the sweep (sessionSweep).
 * Idempotent: ending an ended session does nothing.
 */
export async function endSession(deps: AppDeps, sessionId: string): Promise<void> {
  await repo.deleteSession(deps.db, sessionId);
  deps.sockets.closeSession(sessionId);
  deps.bus
    .publish(SESSION_ENDED_CHANNEL, { sessionId })
    .catch((err: unknown) =>
      deps.log.warn({ err }, "session-ended not published; other instances close those sockets at their sweep"),
    );
}

/**
 * End every session of a member (suspension or ban by an operator): delete them all, close their
 * WebSockets on this instance and tell the other instances to close theirs (as endSession).
 * @returns how many sessions ended.
 */
export async function endAllSessionsOfMember(deps: AppDeps, userId: number): Promise<number> {
  const ids = await repo.deleteSessionsOfUser(deps.db, userId);
  for (const sessionId of ids) {
    deps.sockets.closeSession(sessionId);
    deps.bus
      .publish(SESSION_ENDED_CHANNEL, { sessionId })
      .catch((err: unknown) =>
        deps.log.warn({ err }, "session-ended not published; other instances close those sockets at their sweep"),
      );
  }
  return ids.length;
}

/** How often each instance checks that its WebSockets' sessions still exist. */
export const SESSION_SWEEP_INTERVAL_MS = 30_000;

/**
 * Close this instance's WebSockets whose session has ended (deleted or expired), one query for
 * all of them. Run every SESSION_SWEEP_INTERVAL_MS, and when the bus reconnects.
 * @returns how many sockets were closed.
 */
export async function sweepEndedSessions(deps: Pick<AppDeps, "db" | "sockets">): Promise<number> {
  const ids = deps.sockets.sessionIds();
  if (ids.length === 0) return 0;
  const live = await repo.findLiveSessionIds(deps.db, ids);
  let closed = 0;
  for (const id of ids) if (!live.has(id)) closed += deps.sockets.closeSession(id);
  return closed;
}
