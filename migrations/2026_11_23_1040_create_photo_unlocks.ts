import { type Kysely, sql } from "kysely";

/**
 * Private photos a member bought access to with photo_credits (§1, §3 site settings). The
 * charge is the ledger row `photo:<photo id>`, unique per member, written in the same
 * transaction: a photo is never paid for twice.
 * Frozen in time: takes Kysely<any> and imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("photo_unlocks")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("photo_id", "integer", (c) => c.notNull().references("photos.id").onDelete("cascade"))
    .addColumn("credits", "integer", (c) => c.notNull().check(sql`credits >= 0`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("photo_unlocks_pk", ["user_id", "photo_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("photo_unlocks").ifExists().execute();
}
