import { sql } from "kysely";
import type { DB, Tx } from "../../../db/create-db.js";
import type { NewLike, NewPayment, NewPhoto, NewProfile, NewUser } from "../../../db/database.js";

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

/** A package's id and list price in `currency` (cents), by its number of credits. */
export function findPackagePrice(tx: Tx, credits: number, currency: string) {
  return tx
    .selectFrom("credit_packages as p")
    .innerJoin("credit_package_prices as pr", "pr.package_id", "p.id")
    .select(["p.id", "pr.amount_cents"])
    .where("p.credits", "=", credits)
    .where("pr.currency", "=", currency)
    .executeTakeFirstOrThrow();
}

/** Insert a payment row as it stands after the provider reported it completed. @returns its id. */
export async function insertCompletedPayment(tx: Tx, payment: NewPayment): Promise<number> {
  const { id } = await tx.insertInto("payments").values(payment).returning("id").executeTakeFirstOrThrow();
  return id;
}
