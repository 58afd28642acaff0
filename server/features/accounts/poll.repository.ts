import { sql } from "kysely";
import { compiledOnce } from "../../../db/compiled-once.js";

/**
 * The member behind a live session and their event seq (users.last_event_seq), in one indexed
 * query (sessions' primary key, then users' and profiles' primary keys): what a legacy poll
 * needs to answer 304 when nothing happened to the member (issue 13). Built and compiled once.
 */
export const findPollSession = compiledOnce((db, sessionId) =>
  db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .innerJoin("profiles", "profiles.id", "users.id")
    .select(["users.id", "users.status", "users.paid_user", "users.language", "users.last_event_seq", "profiles.name"])
    .where("sessions.id", "=", sessionId)
    .where("sessions.expires_at", ">", sql<Date>`now()`)
    .where("users.moderation_status", "=", "ok"),
);
