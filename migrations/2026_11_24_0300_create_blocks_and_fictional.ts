import { type Kysely, sql } from "kysely";

/**
 * Safety (§4, §6, §3 site settings; issue 10 part A):
 * - `blocks`: who blocked whom. A block hides both members from each other and stops every
 *   contact (§4 "hides profiles both ways", §6 "Blocked users cannot view or contact the
 *   blocker"). Looked up both ways on every profile read, hence the reverse index.
 * - `profiles.fictional`: a profile run by the site (operators or the demo seed), labelled with
 *   the site's fictional_icon / fictional_warning wherever it appears.
 * Frozen in time: takes Kysely<any> and imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("blocks")
    .addColumn("blocker_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("blocked_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("blocks_pk", ["blocker_id", "blocked_id"])
    .addCheckConstraint("blocks_not_self", sql`blocker_id <> blocked_id`)
    .execute();
  await db.schema.createIndex("blocks_blocked_idx").on("blocks").columns(["blocked_id", "blocker_id"]).execute();
  await db.schema
    .alterTable("profiles")
    .addColumn("fictional", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("profiles").dropColumn("fictional").execute();
  await db.schema.dropTable("blocks").ifExists().execute();
}
