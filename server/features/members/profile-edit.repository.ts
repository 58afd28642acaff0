import type { DB, Tx } from "../../../db/create-db.js";
import type { ProfileUpdate } from "../../../db/database.js";

// /profile editing (issue 9 part A): the members feature owns the profiles row.

/** The member's own profile, every editable field, with the account's address (§5 name rule). */
export function findOwnProfile(db: DB | Tx, userId: number) {
  return db
    .selectFrom("profiles")
    .innerJoin("users", "users.id", "profiles.id")
    .select([
      "profiles.id",
      "profiles.name",
      "profiles.birth_date",
      "profiles.gender",
      "profiles.search_gender",
      "profiles.sexuality",
      "profiles.tattoos",
      "profiles.hair_color",
      "profiles.eye_color",
      "profiles.body_type",
      "profiles.relationship_status",
      "profiles.country",
      "profiles.region",
      "profiles.city",
      "profiles.interests",
      "profiles.note",
      "users.email",
    ])
    .where("profiles.id", "=", userId)
    .executeTakeFirst();
}

/** Write the edited fields of one profile, in one statement. */
export async function updateProfile(db: DB, userId: number, set: ProfileUpdate): Promise<void> {
  await db.updateTable("profiles").set(set).where("id", "=", userId).execute();
}
