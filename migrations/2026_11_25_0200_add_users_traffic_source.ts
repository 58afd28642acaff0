import { type Kysely, sql } from "kysely";

/**
 * §3 "Tracking record (cookie): network, ref, sub1, sub2, sub3", kept with the account it brought
 * (issue 11): the record the visitor arrived with, as a small JSON object, null when none. §4 reads
 * "a traffic source exists" from it (signups 'with_trafficsource'). Bounded in size by a check, as
 * every value is at most 100 characters: a row can never carry an unbounded blob from a cookie.
 * Owned by the tracking feature. Frozen in time: takes Kysely<any> and imports no application code.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("traffic_source", "jsonb", (c) =>
      c.check(
        sql`traffic_source is null or (jsonb_typeof(traffic_source) = 'object' and length(traffic_source::text) <= 1000)`,
      ),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("traffic_source").execute();
}
