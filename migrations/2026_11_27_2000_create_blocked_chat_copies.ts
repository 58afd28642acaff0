import { sql, type Kysely } from "kysely";

/**
 * `blocked_chat_copies` (security review, 2026-11-27): §4 a block deletes the chats between the
 * two members, so a member who harassed another could block them and take away both what they
 * wrote and the way to report it. Before the block deletes a conversation, its latest messages
 * are copied here, seen by no member: the member who was blocked can still report the blocker,
 * and the report keeps this copy for the operators. Copies no report took are deleted after
 * BLOCKED_CHAT_COPY_DAYS (moderation.service). Frozen in time: imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table blocked_chat_copies (
      id serial primary key,
      blocker_id integer not null references users (id) on delete cascade,
      blocked_id integer not null references users (id) on delete cascade,
      messages jsonb not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index blocked_chat_copies_pair_idx on blocked_chat_copies (blocked_id, blocker_id, id)`.execute(db);
  await sql`create index blocked_chat_copies_created_idx on blocked_chat_copies (created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table blocked_chat_copies`.execute(db);
}
