import { sql } from "kysely";
import type { DB, Tx } from "../../../db/create-db.js";
import type { NewLike, NewPhoto, NewProfile, NewUser } from "../../../db/database.js";

// Bulk inserts of the demo seed (demo.seed.ts), in the seed's one transaction. Only the seed
// writes rows this way: members are otherwise created by signup (accounts, members).

/** Any fixed number: serialises the seed of instances starting together on one empty database. */
const SEED_LOCK_KEY = 0x5eed_da7a;

/** Take the seed's transaction-level advisory lock (released at commit or rollback). */
export async function lockSeed(tx: Tx): Promise<void> {
  await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(tx);
}

/** Whether any member exists (the seed writes only into an empty database). */
export async function hasUsers(db: DB | Tx): Promise<boolean> {
  return !!(await db.selectFrom("users").select("id").limit(1).executeTakeFirst());
}

/** Insert account rows. @returns their ids by e-mail. */
export function insertUsers(tx: Tx, users: NewUser[]) {
  return tx.insertInto("users").values(users).returning(["id", "email"]).execute();
}

export async function insertProfiles(tx: Tx, profiles: NewProfile[]): Promise<void> {
  await tx.insertInto("profiles").values(profiles).execute();
}

export async function insertPhotos(tx: Tx, photos: NewPhoto[]): Promise<void> {
  await tx.insertInto("photos").values(photos).execute();
}

export async function insertLikes(tx: Tx, likes: NewLike[]): Promise<void> {
  if (likes.length) await tx.insertInto("likes").values(likes).execute();
}
