import type { DB, Tx } from "../../../db/create-db.js";
import { ageOn } from "../../validation.js";
import { findProfileSummaries, lockMembers, type ProfileSummaryRow } from "./members.repository.js";
import { mediaUrl } from "./members.photos.js";

/** What a profile card shows (search results, chat list, likes). The main photo is public. */
export interface ProfileSummary {
  id: number;
  name: string;
  age: number;
  gender: "male" | "female" | null;
  city: string | null;
  country: string | null;
  /** ISO 8601 UTC. */
  lastActive: string;
  mainImage: { url: string; thumbUrl: string } | null;
}

export function toProfileSummary(r: ProfileSummaryRow): ProfileSummary {
  return {
    id: r.id,
    name: r.name,
    age: ageOn(r.birth_date),
    gender: r.gender,
    city: r.city,
    country: r.country,
    lastActive: new Date(r.last_active).toISOString(),
    mainImage: r.main_filename ? { url: mediaUrl(r.main_filename), thumbUrl: mediaUrl(r.main_thumb_filename!) } : null,
  };
}

/**
 * Profile cards for `ids`, keyed by id (missing ids are absent from the map).
 * Used by chats and likes to decorate their lists; one query for the whole list.
 */
export async function getProfileSummaries(db: DB | Tx, ids: readonly number[]): Promise<Map<number, ProfileSummary>> {
  const unique = [...new Set(ids)];
  const rows = await findProfileSummaries(db, unique);
  return new Map(rows.map((r) => [r.id, toProfileSummary(r)]));
}

/** The state of a member that money and contact rules look at, read under the row lock. */
export interface LockedMember {
  id: number;
  status: "not_confirmed" | "active" | "pending_deletion";
  paidUser: boolean;
  credits: number;
  freeMessagesLeft: number;
  /** Shown in search and open to contact (§4). */
  visible: boolean;
}

/**
 * Lock the rows of `ids` (in id order, see members.repository lockMembers) for the rest of
 * the transaction and return their state, keyed by id.
 */
export async function lockMembersForUpdate(tx: Tx, ids: readonly number[]): Promise<Map<number, LockedMember>> {
  const rows = await lockMembers(tx, ids);
  return new Map(
    rows.map((r) => [r.id, {
      id: r.id,
      status: r.status,
      paidUser: r.paid_user,
      credits: r.credits,
      freeMessagesLeft: r.free_messages_left,
      visible: r.visible,
    }]),
  );
}
