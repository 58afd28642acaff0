import type { Generated, Insertable, Selectable, Updateable } from "kysely";
import type { Timestamp, DateOnly } from "./columns.js";

// Likes and the daily like quota of free members (§4, §8, §9). Kept in step with migrations/ by hand.

export interface LikesTable {
  liker_id: number;
  liked_id: number;
  is_new: Generated<boolean>;
  created_at: Timestamp;
}

export interface LikeQuotaTable {
  user_id: number;
  day: DateOnly;
  used: Generated<number>;
}

export type LikeRow = Selectable<LikesTable>;
export type NewLike = Insertable<LikesTable>;
export type LikeUpdate = Updateable<LikesTable>;
export type LikeQuotaRow = Selectable<LikeQuotaTable>;
export type NewLikeQuota = Insertable<LikeQuotaTable>;
export type LikeQuotaUpdate = Updateable<LikeQuotaTable>;
