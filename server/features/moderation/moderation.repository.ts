import { sql } from "kysely";
import type { DB, Tx } from "../../../db/create-db.js";
import type {
  ModerationActionKind,
  ModerationStatus,
  NewReport,
  ReportStatus,
  UserRole,
} from "../../../db/database.js";

// The moderation feature owns reports, moderation_actions and the users columns role and moderation_status.

/** A member's role and moderation state, or undefined for an unknown id. */
export function findModerationState(db: DB | Tx, userId: number) {
  return db
    .selectFrom("users")
    .select(["id", "role", "moderation_status", "status", "password_set_by_link_at"])
    .where("id", "=", userId)
    .executeTakeFirst();
}

/** Lock a member's row and read their moderation state (an operator's decision about them). */
export function lockModerationState(tx: Tx, userId: number) {
  return tx
    .selectFrom("users")
    .select(["id", "role", "moderation_status"])
    .where("id", "=", userId)
    .forUpdate()
    .executeTakeFirst();
}

export async function setModerationStatus(tx: Tx, userId: number, status: ModerationStatus): Promise<void> {
  await tx.updateTable("users").set({ moderation_status: status }).where("id", "=", userId).execute();
}

/** Set the role of the account with this e-mail address. @returns its id, or undefined when none has it. */
export async function setRoleByEmail(tx: Tx, email: string, role: UserRole): Promise<number | undefined> {
  const row = await tx
    .updateTable("users")
    .set({ role })
    .where(sql<string>`lower(email)`, "=", email.toLowerCase())
    .returning("id")
    .executeTakeFirst();
  return row?.id;
}

export async function insertReport(db: DB | Tx, report: NewReport): Promise<number> {
  const row = await db.insertInto("reports").values(report).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** Open reports, oldest first, with the reported member's name and moderation state. */
export function findOpenReports(db: DB, limit: number) {
  return db
    .selectFrom("reports")
    .leftJoin("profiles as reported", "reported.id", "reports.reported_user_id")
    .leftJoin("users as reported_user", "reported_user.id", "reports.reported_user_id")
    .leftJoin("profiles as reporter", "reporter.id", "reports.reporter_id")
    .select([
      "reports.id",
      "reports.subject",
      "reports.reason",
      "reports.details",
      "reports.snapshot",
      "reports.reporter_id",
      "reports.reporter_email",
      "reports.reported_user_id",
      "reports.message_id",
      "reports.conversation_id",
      "reports.created_at",
      "reported.name as reported_name",
      "reported_user.moderation_status as reported_status",
      "reporter.name as reporter_name",
    ])
    .where("reports.status", "=", "open")
    .orderBy("reports.created_at")
    .orderBy("reports.id")
    .limit(limit)
    .execute();
}

/**
 * Close an open report (dismissed or actioned) by `operatorId`. Conditional on it being open,
 * so two operators acting at once close it once.
 * @returns whether this call closed it.
 */
export async function closeReport(
  tx: Tx,
  reportId: number,
  status: Exclude<ReportStatus, "open">,
  operatorId: number,
): Promise<boolean> {
  const r = await tx
    .updateTable("reports")
    .set({ status, handled_by: operatorId, handled_at: sql`now()` })
    .where("id", "=", reportId)
    .where("status", "=", "open")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export function findReport(db: DB | Tx, reportId: number) {
  return db
    .selectFrom("reports")
    .select(["id", "status", "reported_user_id"])
    .where("id", "=", reportId)
    .executeTakeFirst();
}

export async function insertAction(
  tx: Tx,
  action: {
    operator_id: number | null;
    action: ModerationActionKind;
    target_user_id?: number | null;
    report_id?: number | null;
    photo_id?: number | null;
    note?: string;
  },
): Promise<void> {
  await tx.insertInto("moderation_actions").values(action).execute();
}

/** The latest audit entries, newest first, with the operator's and the member's names. */
/** Suspended and banned members, the latest first (partial index users_restricted_idx). */
export function findRestrictedMembers(db: DB, limit: number) {
  return db
    .selectFrom("users")
    .innerJoin("profiles", "profiles.id", "users.id")
    .select(["users.id", "profiles.name", "users.moderation_status"])
    .where("users.moderation_status", "<>", "ok")
    .orderBy("users.id", "desc")
    .limit(limit)
    .execute();
}

export function findRecentActions(db: DB, limit: number) {
  return db
    .selectFrom("moderation_actions")
    .leftJoin("profiles as operator", "operator.id", "moderation_actions.operator_id")
    .leftJoin("profiles as target", "target.id", "moderation_actions.target_user_id")
    .select([
      "moderation_actions.id",
      "moderation_actions.action",
      "moderation_actions.operator_id",
      "moderation_actions.target_user_id",
      "moderation_actions.report_id",
      "moderation_actions.photo_id",
      "moderation_actions.note",
      "moderation_actions.created_at",
      "operator.name as operator_name",
      "target.name as target_name",
    ])
    .orderBy("moderation_actions.id", "desc")
    .limit(limit)
    .execute();
}

/**
 * Copy the latest `limit` messages of each conversation between `blockerId` and `blockedId` (in
 * the block's transaction, before it deletes them) into blocked_chat_copies, one row per
 * conversation that has messages. Runs on PostgreSQL and PGlite.
 * @returns how many copies were written.
 */
export async function insertBlockedChatCopies(
  tx: Tx,
  blockerId: number,
  blockedId: number,
  limit: number,
): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    insert into blocked_chat_copies (blocker_id, blocked_id, messages)
    select ${blockerId}::integer, ${blockedId}::integer, copy.messages
    from conversations c
    cross join lateral (
      select jsonb_agg(jsonb_build_object(
               'id', m.id, 'seq', m.seq, 'senderId', m.sender_id, 'body', m.body, 'gift', m.gift,
               'createdAt', to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
             order by m.seq) as messages
      from (select * from messages mm where mm.conversation_id = c.id order by mm.seq desc limit ${limit}) m
    ) copy
    where c.member_low_id = least(${blockerId}::integer, ${blockedId}::integer)
      and c.member_high_id = greatest(${blockerId}::integer, ${blockedId}::integer)
      and copy.messages is not null
    returning id`.execute(tx);
  return rows.length;
}

/**
 * The messages of the newest copy a block between `a` and `b` kept, whoever blocked whom (oldest
 * first), or [] when none was kept (no chat, or the copy is gone).
 */
export async function findNewestBlockedChatCopy(db: DB, a: number, b: number): Promise<unknown[]> {
  const row = await db
    .selectFrom("blocked_chat_copies")
    .select("messages")
    .where((eb) =>
      eb.or([
        eb.and([eb("blocked_id", "=", a), eb("blocker_id", "=", b)]),
        eb.and([eb("blocked_id", "=", b), eb("blocker_id", "=", a)]),
      ]),
    )
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return Array.isArray(row?.messages) ? row.messages : [];
}

/** Delete the copies kept longer than `days` days. @returns how many were deleted. */
export async function deleteBlockedChatCopiesOlderThan(db: DB, days: number): Promise<number> {
  const res = await db
    .deleteFrom("blocked_chat_copies")
    .where("created_at", "<", sql<Date>`now() - make_interval(days => ${days}::integer)`)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** A member's name as their profile has it now, or undefined. */
export async function findProfileName(db: DB, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom("profiles").select("name").where("id", "=", userId).executeTakeFirst();
  return row?.name;
}
