import type { Kysely } from "kysely";

/**
 * profiles.search_gender (issue 9 part A, /profile): whom the member looks for, male or female;
 * null until the member says. The search form may start from it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("profiles").addColumn("search_gender", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("profiles").dropColumn("search_gender").execute();
}
