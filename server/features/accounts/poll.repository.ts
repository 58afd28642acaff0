import { compiledOnce } from "../../../db/compiled-once.js";
import { sessionMemberTable } from "./sessions.repository.js";

/**
 * The member behind a live session and their event seq (users.last_event_seq), in one statement
 * (session_member: sessions' primary key, then users' and profiles'): what a legacy poll needs to
 * answer 304 when nothing happened to the member (issue 13). Built and compiled once.
 */
export const findPollSession = compiledOnce((db, sessionId) =>
  db
    .selectFrom(sessionMemberTable(sessionId))
    .select(["m.id", "m.status", "m.paid_user", "m.language", "m.last_event_seq", "m.name"]),
);
