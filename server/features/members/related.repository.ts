import { sql } from "kysely";
import type { DB } from "../../../db/create-db.js";

/**
 * Ids of visible members like a profile (§2 profile view "related profiles"): same country and
 * gender, born in (bornAfter, bornOnOrBefore], other than the viewer and the profile itself,
 * newest active first. `visible` is a literal predicate so the partial search index
 * (country, gender, last_active desc) where visible serves it, as member search does.
 */
export async function findRelatedProfileIds(
  db: DB,
  f: {
    excludeIds: readonly number[];
    country: string;
    gender: "male" | "female";
    bornOnOrBefore: string;
    bornAfter: string;
    limit: number;
  },
): Promise<number[]> {
  const rows = await db
    .selectFrom("profiles")
    .select("profiles.id")
    .where(sql<boolean>`profiles.visible`)
    .where("profiles.country", "=", f.country)
    .where("profiles.gender", "=", f.gender)
    .where("profiles.birth_date", "<=", f.bornOnOrBefore)
    .where("profiles.birth_date", ">", f.bornAfter)
    .where("profiles.id", "not in", [...f.excludeIds])
    .orderBy("profiles.last_active", "desc")
    .orderBy("profiles.id", "desc")
    .limit(f.limit)
    .execute();
  return rows.map((r) => r.id);
}
