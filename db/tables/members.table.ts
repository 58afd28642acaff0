import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { Timestamp, DateOnly } from "./columns.js";

// Members: profiles (§3 profile fields) and photos, with photos bought with photo_credits. Kept in step with migrations/ by hand.

export interface ProfilesTable {
  id: number;
  name: string;
  status: ColumnType<ProfileStatus, ProfileStatus | undefined, ProfileStatus>;
  gender: "male" | "female" | null;
  /** Whom the member looks for (migration 2026_11_24_0110); null until set on /profile. */
  search_gender: ColumnType<"male" | "female" | null, "male" | "female" | null | undefined, "male" | "female" | null>;
  sexuality: string | null;
  birth_date: DateOnly;
  country: string | null;
  region: string | null;
  city: string | null;
  hair_color: string | null;
  eye_color: string | null;
  body_type: string | null;
  relationship_status: string | null;
  tattoos: boolean | null;
  interests: ColumnType<string[], string[] | undefined, string[]>;
  note: Generated<string>;
  visible: Generated<boolean>;
  last_active: Timestamp;
  /** Run by the site (operators or the demo seed): labelled with fictional_icon / fictional_warning (migration 2026_11_24_0300). */
  fictional: Generated<boolean>;
}

export type ProfileStatus = "disabled" | "active";

export interface PhotosTable {
  id: Generated<number>;
  profile_id: number;
  filename: string;
  thumb_filename: string;
  blurred_filename: string;
  is_main: Generated<boolean>;
  is_private: Generated<boolean>;
  /** 'active', 'pending' (awaiting an operator under pre-moderation) or 'hidden' (by an operator). */
  status: Generated<string>;
  position: Generated<number>;
  created_at: Timestamp;
  /** When an operator reviewed the photo; null (uploads) puts it in the /ops queue (migrations 2026_11_24_0400, 0410). */
  reviewed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Private photos bought with photo_credits (migration 2026_11_23_1040). */
export interface PhotoUnlocksTable {
  user_id: number;
  photo_id: number;
  credits: number;
  created_at: Timestamp;
}

export type ProfileRow = Selectable<ProfilesTable>;
export type NewProfile = Insertable<ProfilesTable>;
export type ProfileUpdate = Updateable<ProfilesTable>;
export type PhotoRow = Selectable<PhotosTable>;
export type NewPhoto = Insertable<PhotosTable>;
export type PhotoUpdate = Updateable<PhotosTable>;
export type PhotoUnlockRow = Selectable<PhotoUnlocksTable>;
export type NewPhotoUnlock = Insertable<PhotoUnlocksTable>;
export type PhotoUnlockUpdate = Updateable<PhotoUnlocksTable>;
