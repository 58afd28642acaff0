import type { DB } from "../../../db/create-db.js";

/**
 * The page `token` of site `siteId` in the first of `languages` it exists in (the order given:
 * the member's language, then the fallback). One query; at most one row.
 */
export function findSitePage(db: DB, siteId: number, token: string, languages: readonly string[]) {
  return db
    .selectFrom("site_pages")
    .select(["token", "language", "title", "blocks", "updated_at"])
    .where("site_id", "=", siteId)
    .where("token", "=", token)
    .where("language", "in", languages)
    .execute()
    .then((rows) => rows.sort((a, b) => languages.indexOf(a.language) - languages.indexOf(b.language))[0]);
}

/** The tokens of site `siteId`'s own pages (any language), sorted, at most `limit`. */
export async function listSitePageTokens(db: DB, siteId: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom("site_pages")
    .select("token")
    .distinct()
    .where("site_id", "=", siteId)
    .orderBy("token")
    .limit(limit)
    .execute();
  return rows.map((r) => r.token);
}

/** Whether site `siteId` has the page `token` in any language. One indexed lookup (site_pages_pk). */
export async function sitePageTokenExists(db: DB, siteId: number, token: string): Promise<boolean> {
  const row = await db
    .selectFrom("site_pages")
    .select("token")
    .where("site_id", "=", siteId)
    .where("token", "=", token)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
