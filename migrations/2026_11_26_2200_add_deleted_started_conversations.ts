import { sql, type Kysely } from "kysely";

/**
 * users.deleted_started_conversations: conversations a member started that a block deleted (§4).
 * They still count against §1/§9 "Free members may start 2 conversations": counting only the
 * conversation rows let a free member block and unblock someone to start new ones without end.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column deleted_started_conversations integer not null default 0
    check (deleted_started_conversations >= 0)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop column deleted_started_conversations`.execute(db);
}
