import type { Insertable, Selectable, Updateable } from "kysely";
import type { Timestamp } from "./columns.js";

// Blocks between members (§4, §6; migration 2026_11_24_0300). Kept in step with migrations/ by hand.

/** `blocker_id` blocked `blocked_id`: the two are hidden from each other and cannot contact each other. */
export interface BlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: Timestamp;
}

export type BlockRow = Selectable<BlocksTable>;
export type NewBlock = Insertable<BlocksTable>;
export type BlockUpdate = Updateable<BlocksTable>;
