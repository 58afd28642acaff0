import type { DB } from "../../../db/create-db.js";

/**
 * Every branded site, by id (§3: one database serves a handful of sites). The service resolves
 * hosts in memory from this list (site.service getSiteForHost), so a request naming an unknown
 * Host costs no query.
 */
export function listSites(db: DB) {
  return db.selectFrom("sites").selectAll().orderBy("id").execute();
}
