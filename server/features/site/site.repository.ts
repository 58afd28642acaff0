import { sql } from "kysely";
import type { DB } from "../../../db/create-db.js";

/**
 * The site serving `host`: the one whose domain or extra host it is, else the default site.
 * One query: a matching site sorts before the default one.
 */
export function findSiteForHost(db: DB, host: string) {
  const matches = sql<boolean>`(domain = ${host} or ${host} = any(extra_hosts))`;
  return db
    .selectFrom("sites")
    .selectAll()
    .where(sql<boolean>`${matches} or is_default`)
    .orderBy(matches, "desc")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
}
