import { type Kysely, sql } from "kysely";

/**
 * Reporting and moderation (issue 10): a member's role (`operator` opens the /ops console) and
 * moderation state (suspended and banned members cannot log in), the site's photo moderation mode,
 * reports with a copy of what was reported (the original may be edited or deleted later), and the
 * audit of every operator action (who, what, when; kept when the operator's account goes).
 * Photos: `status` is 'active', 'pending' (pre-moderation) or 'hidden'; `reviewed_at` marks a
 * photo an operator has looked at, so the queue of new photos is the unreviewed ones. Photos
 * stored before this migration count as reviewed.
 * Frozen in time: takes Kysely<any> and imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("role", "text", (c) =>
      c
        .notNull()
        .defaultTo("member")
        .check(sql`role in ('member', 'operator')`),
    )
    .execute();
  await db.schema
    .alterTable("users")
    .addColumn("moderation_status", "text", (c) =>
      c
        .notNull()
        .defaultTo("ok")
        .check(sql`moderation_status in ('ok', 'suspended', 'banned')`),
    )
    .execute();
  await db.schema
    .alterTable("sites")
    .addColumn("photo_moderation", "text", (c) =>
      c
        .notNull()
        .defaultTo("post")
        .check(sql`photo_moderation in ('pre', 'post')`),
    )
    .execute();
  await db.schema.alterTable("photos").addColumn("reviewed_at", "timestamptz").execute();
  await sql`update photos set reviewed_at = created_at`.execute(db);
  await sql`create index photos_unreviewed_idx on photos (created_at) where reviewed_at is null`.execute(db);

  await db.schema
    .createTable("reports")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("reporter_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("reporter_email", "text")
    .addColumn("reported_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("subject", "text", (c) => c.notNull().check(sql`subject in ('profile', 'message', 'chat', 'complaint')`))
    // No foreign keys: the snapshot keeps the reported content when the message or chat is deleted.
    .addColumn("message_id", "integer")
    .addColumn("conversation_id", "integer")
    .addColumn("reason", "text", (c) =>
      c.notNull().check(sql`reason in ('spam', 'fake_profile', 'harassment', 'underage', 'offensive_photo', 'other')`),
    )
    .addColumn("details", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("snapshot", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("open")
        .check(sql`status in ('open', 'dismissed', 'actioned')`),
    )
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("handled_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("handled_at", "timestamptz")
    .execute();
  await sql`create index reports_open_idx on reports (created_at) where status = 'open'`.execute(db);

  await db.schema
    .createTable("moderation_actions")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("operator_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("action", "text", (c) =>
      c
        .notNull()
        .check(
          sql`action in ('dismiss', 'approve_photo', 'hide_photo', 'warn', 'suspend', 'reinstate', 'ban', 'grant_operator')`,
        ),
    )
    .addColumn("target_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("report_id", "integer", (c) => c.references("reports.id").onDelete("set null"))
    .addColumn("photo_id", "integer")
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("moderation_actions_target_idx")
    .on("moderation_actions")
    .column("target_user_id")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("moderation_actions").ifExists().execute();
  await db.schema.dropTable("reports").ifExists().execute();
  await db.schema.alterTable("photos").dropColumn("reviewed_at").execute();
  await db.schema.alterTable("sites").dropColumn("photo_moderation").execute();
  await db.schema.alterTable("users").dropColumn("moderation_status").execute();
  await db.schema.alterTable("users").dropColumn("role").execute();
}
