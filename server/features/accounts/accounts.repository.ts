import { sql } from "kysely";
import type { DB, Tx } from "../../../db/create-db.js";
import type { NewUser } from "../../../db/database.js";

// The accounts feature owns the users columns of the account itself (e-mail, password, status,
// language, settings) and creates the row; money columns belong to credits, the profile to members.

/** Insert a new account row. @returns its id. */
export async function insertUser(tx: Tx, user: NewUser): Promise<number> {
  const { id } = await tx.insertInto("users").values(user).returning("id").executeTakeFirstOrThrow();
  return id;
}

export function findUserByEmail(db: DB, email: string) {
  return db
    .selectFrom("users")
    .select(["id", "email", "password_hash", "status"])
    .where("email", "=", email)
    .executeTakeFirst();
}

/** The current member's own record with profile and main photo. */
export function findCurrentUserRow(db: DB | Tx, userId: number) {
  return db
    .selectFrom("users")
    .innerJoin("profiles", "profiles.id", "users.id")
    .leftJoin("photos", (j) => j.onRef("photos.profile_id", "=", "users.id").on("photos.is_main", "=", true))
    .select([
      "users.id",
      "users.email",
      "users.status",
      "users.credits",
      "users.paid_user",
      "users.free_messages_left",
      "users.signup_date",
      "users.language",
      "users.send_with_enter",
      "profiles.name",
      "profiles.status as profile_status",
      "profiles.gender",
      "profiles.search_gender",
      "profiles.country",
      "profiles.birth_date",
      "profiles.city",
      "photos.filename as main_filename",
      "photos.thumb_filename as main_thumb_filename",
      "photos.status as main_status",
    ])
    .where("users.id", "=", userId)
    .executeTakeFirst();
}

export async function insertEmailToken(
  db: DB | Tx,
  row: { id: string; user_id: number; purpose: "activate" | "reset_password"; expires_at: Date },
) {
  await db.insertInto("email_tokens").values(row).execute();
}

/**
 * Use a link token once: marks it used and returns its member, or undefined when the token
 * is unknown, already used or expired. Conditional, so two clicks cannot both use it.
 */
export function consumeEmailToken(tx: Tx, id: string, purpose: "activate" | "reset_password") {
  return tx
    .updateTable("email_tokens")
    .set({ used_at: sql`now()` })
    .where("id", "=", id)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .returning("user_id")
    .executeTakeFirst();
}

/**
 * Whether activation link `id` was already used on an account that is active now, by this link or
 * after it was confirmed: the link used a second time (a mail client's preview, a second tap).
 * A link voided before the account was confirmed (its address changed meanwhile, §4) does not
 * count, so the old address learns nothing about a confirmation it did not make.
 */
export async function activationLinkAlreadyDone(db: DB | Tx, id: string): Promise<number | undefined> {
  const row = await db
    .selectFrom("email_tokens")
    .innerJoin("users", "users.id", "email_tokens.user_id")
    .select("users.id")
    .where("email_tokens.id", "=", id)
    .where("email_tokens.purpose", "=", "activate")
    .where("email_tokens.used_at", "is not", null)
    .where("users.status", "=", "active")
    .where("users.confirmed_at", "is not", null)
    // The confirming use sets used_at and confirmed_at in one transaction (same now()).
    .whereRef("email_tokens.used_at", ">=", "users.confirmed_at")
    .executeTakeFirst();
  return row?.id;
}

/** §4: activation makes the account active and its profile visible to others. */
export async function activateUser(tx: Tx, userId: number): Promise<boolean> {
  const res = await tx
    .updateTable("users")
    .set({ status: "active", confirmed_at: sql`now()` })
    .where("id", "=", userId)
    .where("status", "=", "not_confirmed")
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function updateUserSettings(
  db: DB,
  userId: number,
  set: { language?: string; send_with_enter?: boolean },
) {
  if (Object.keys(set).length === 0) return;
  await db.updateTable("users").set(set).where("id", "=", userId).execute();
}
