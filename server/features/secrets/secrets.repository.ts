import type { DB } from "../../../db/create-db.js";

/** Store `value` under `name` unless a value is there already; return the stored one (first writer wins). */
export async function insertOrReadSecret(db: DB, name: string, value: string): Promise<string> {
  await db
    .insertInto("server_secrets")
    .values({ name, value })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db.selectFrom("server_secrets").select("value").where("name", "=", name).executeTakeFirstOrThrow();
  return row.value;
}
