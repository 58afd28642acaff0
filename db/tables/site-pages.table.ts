import type { ColumnType, Insertable, Selectable, Updateable } from "kysely";
import type { Timestamp } from "./columns.js";

// §2 `{token}` static pages of each site (migration 2026_11_25_0400). Kept in step with migrations/ by hand.

export interface SitePagesTable {
  site_id: number;
  token: string;
  /** One of the seven interface languages (§1). */
  language: string;
  title: string;
  /** JSON array of page blocks (server/features/site/site-pages.schema.ts PageBlock); read as unknown and validated. */
  blocks: ColumnType<unknown, string | undefined, string>;
  updated_at: Timestamp;
}

export type SitePageRow = Selectable<SitePagesTable>;
export type NewSitePage = Insertable<SitePagesTable>;
export type SitePageUpdate = Updateable<SitePagesTable>;
