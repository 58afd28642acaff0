import type { ColumnType, Insertable, Selectable, Updateable } from "kysely";
import type { Timestamp } from "./columns.js";

// The per-member event log behind live updates (ARCHITECTURE "Real time"). Kept in step with migrations/ by hand.

export interface MemberEventsTable {
  user_id: number;
  seq: number;
  type: string;
  payload: ColumnType<unknown, string, string>;
  created_at: Timestamp;
}

export type MemberEventRow = Selectable<MemberEventsTable>;
export type NewMemberEvent = Insertable<MemberEventsTable>;
export type MemberEventUpdate = Updateable<MemberEventsTable>;
