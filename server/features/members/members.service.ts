import type { DB, Tx } from "../../../db/create-db.js";
import type { NewProfile } from "../../../db/database.js";
import type { AppDeps } from "../../deps.js";
import { AuthenticationRequiredError, DomainError, NotFoundError } from "../../domain-error.js";
import { ageOn } from "../../validation.js";
import type { RawBuilder } from "kysely";
import {
  activateProfile,
  closedToOthers,
  countSearchMatches,
  findPhotos,
  findProfile,
  findProfileSummaries,
  insertProfile,
  lockMembers,
  searchProfiles,
  findInvisible,
  setInvisible,
  touchLastActive,
  type ProfileSummaryRow,
  type SearchFilters,
} from "./members.repository.js";
import { mediaUrl, photoUrlsFor } from "./members.photos.js";
import { INTEREST_KEYS } from "./members.interests.js";
import { regionsOf, type RegionKind } from "./members.places.js";
import type { SearchMembersInput } from "./members.schema.js";
import { findUnlockedPhotoIds } from "./photo-unlocks.repository.js";
import {
  deleteBlock,
  findBlockedBy,
  findBlockedEitherWay,
  findBlocksBetween,
  insertBlock,
} from "./blocks.repository.js";
import type { SiteSettings } from "../site/site.settings.js";
import type { Site } from "../site/site.service.js";
import { loggedOutSearchAllowed } from "../site/site-policy.js";
import type { TrafficSource } from "../tracking/tracking.service.js";

/** What a profile card shows (search results, chat list, likes). The main photo is public. */
export interface ProfileSummary {
  id: number;
  name: string;
  age: number;
  gender: "male" | "female" | null;
  city: string | null;
  country: string | null;
  /**
   * ISO 8601 UTC of the last activity (presence, "Online now"); null for a member in invisible
   * mode seen by anyone else (§4: hidden from "online" indicators).
   */
  lastActive: string | null;
  /** Run by the site: shown with the site's fictional_icon and fictional_warning (§3). */
  fictional: boolean;
  mainImage: { url: string; thumbUrl: string } | null;
  /**
   * The account was purged after its §4 deletion window (issue 9): a placeholder shown only to
   * the members who shared a conversation with it ("Deleted member", translated by the client),
   * with an empty name, age 0, no place, presence or photo, and no profile page to link to.
   */
  deleted: boolean;
}

/**
 * Presence as `viewerId` may see it: an invisible member's activity is theirs alone (§4), and a
 * visitor (null: logged-out search, landers, mails) sees no one's: when a member was last active
 * is for members.
 */
function presenceOf(viewerId: number | null, r: { id: number; invisible: boolean; last_active: Date | string }) {
  if (viewerId === null) return null;
  return r.invisible && r.id !== viewerId ? null : new Date(r.last_active).toISOString();
}

/** A profile card as `viewerId` sees it (null: a list not tied to one viewer, e.g. a mail). */
export function toProfileSummary(r: ProfileSummaryRow, viewerId: number | null = null): ProfileSummary {
  if (r.purged && r.id !== viewerId) {
    return {
      id: r.id,
      name: "",
      age: 0,
      gender: null,
      city: null,
      country: null,
      lastActive: null,
      fictional: false,
      mainImage: null,
      deleted: true,
    };
  }
  return {
    id: r.id,
    name: r.name,
    age: ageOn(r.birth_date),
    gender: r.gender,
    city: r.city,
    country: r.country,
    lastActive: presenceOf(viewerId, r),
    fictional: r.fictional,
    mainImage: r.main_filename ? { url: mediaUrl(r.main_filename), thumbUrl: mediaUrl(r.main_thumb_filename!) } : null,
    deleted: false,
  };
}

/**
 * An account no one else may see or reach, contacts included: pending deletion (§4), or suspended
 * or banned by an operator (users.moderation_status, issue 10). Part of the one visibility rule
 * (isVisibleTo) and of every write to a member (messages, gifts, likes: chats.service, likes.service).
 * Reinstatement (moderation_status 'ok') lifts it.
 */
export function isClosedToOthers(m: { status?: string; moderationStatus?: string }): boolean {
  return m.status === "pending_deletion" || (m.moderationStatus !== undefined && m.moderationStatus !== "ok");
}

/** isClosedToOthers as SQL over the users row aliased `usersAlias` in the caller's query (a count that must agree with the lists). */
export const closedToOthersSql: (usersAlias: string) => RawBuilder<boolean> = closedToOthers;

/**
 * The one visibility rule (§4) for every procedure that shows a profile: a member sees their own
 * profile, visible profiles (confirmed, active, not invisible), and the members they already
 * share a conversation or a match with (`contacts`: existing conversations go on, §4). Everyone
 * else is hidden: unconfirmed, invisible or deactivated members cannot be found by trying ids.
 * An account pending deletion (§4), suspended or banned (issue 10) is hidden from everyone else,
 * contacts included (isClosedToOthers). Once purged after its window (issue 9) it is shown again,
 * to contacts only, as a deleted-member placeholder (toProfileSummary): their messages stay readable.
 */
export function isVisibleTo(
  viewerId: number,
  profile: { id: number; visible: boolean; account_status?: string; moderation_status?: string; purged?: boolean },
  contacts?: ReadonlySet<number>,
  /** Members with a block between them and the viewer, either way: hidden whatever else holds (§4, §6). */
  blocked?: ReadonlySet<number>,
): boolean {
  if (profile.id !== viewerId && blocked?.has(profile.id)) return false;
  if (profile.id === viewerId) return true;
  if (profile.purged) return contacts?.has(profile.id) ?? false;
  if (isClosedToOthers({ status: profile.account_status, moderationStatus: profile.moderation_status })) return false;
  return profile.visible || (contacts?.has(profile.id) ?? false);
}

/**
 * Profile cards for `ids` as `viewerId` may see them (isVisibleTo), keyed by id: ids that are
 * hidden from the viewer (a block either way included), or unknown, are absent from the map. Used by chats and likes to
 * decorate their lists; one query for the whole list.
 * @param contacts members the viewer shares a conversation or a match with.
 */
export async function getProfileSummaries(
  db: DB | Tx,
  viewerId: number,
  ids: readonly number[],
  contacts?: ReadonlySet<number>,
): Promise<Map<number, ProfileSummary>> {
  const unique = [...new Set(ids)];
  const [rows, blocked] = await Promise.all([
    findProfileSummaries(db, unique),
    findBlockedEitherWay(db, viewerId, unique),
  ]);
  return new Map(
    rows.filter((r) => isVisibleTo(viewerId, r, contacts, blocked)).map((r) => [r.id, toProfileSummary(r, viewerId)]),
  );
}

/**
 * §8 'Blocked by another user': the viewer may not see or contact this member. `blockedByMe`
 * tells the blocker's side (they may lift the block in settings) from the blocked member's.
 */
export class BlockedError extends DomainError {
  constructor(blockedByMe: boolean) {
    super("BLOCKED", blockedByMe ? "You blocked this member." : "Blocked by another user", {
      blockedByMe: blockedByMe ? 1 : 0,
    });
  }
}

/** §1: a member likes and writes only once their e-mail address is confirmed. */
export class EmailNotConfirmedError extends DomainError {
  constructor() {
    super("EMAIL_NOT_CONFIRMED", "Confirm your e-mail address first: then you can like and write to members.");
  }
}

/** The block between two members, if any: whether `viewerId` blocked `otherId` and the other way. */
export async function blockStateBetween(
  db: DB | Tx,
  viewerId: number,
  otherId: number,
): Promise<{ blockedByMe: boolean; blockedMe: boolean }> {
  const rows = await findBlocksBetween(db, viewerId, otherId);
  return {
    blockedByMe: rows.some((r) => r.blocker_id === viewerId),
    blockedMe: rows.some((r) => r.blocker_id === otherId),
  };
}

/**
 * The gate of every contact between two members (like, message, gift, photo access, §6 "Blocked
 * users cannot view or contact the blocker"): throws when either blocked the other.
 * @throws BlockedError (BLOCKED; `blockedByMe` says which side the caller is on).
 */
export async function assertNotBlocked(db: DB | Tx, viewerId: number, otherId: number): Promise<void> {
  if (viewerId === otherId) return;
  const state = await blockStateBetween(db, viewerId, otherId);
  if (state.blockedByMe || state.blockedMe) throw new BlockedError(state.blockedByMe);
}

/** The state of a member that money and contact rules look at, read under the row lock. */
export interface LockedMember {
  id: number;
  status: "not_confirmed" | "active" | "pending_deletion";
  /** Operator moderation (issue 10): anything but 'ok' closes the account to others. */
  moderationStatus: "ok" | "suspended" | "banned";
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
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        status: r.status,
        moderationStatus: r.moderation_status,
        paidUser: r.paid_user,
        credits: r.credits,
        freeMessagesLeft: r.free_messages_left,
        visible: r.visible,
      },
    ]),
  );
}

/** Counting every match of a broad search would scan them all: the total stops here. */
export const SEARCH_TOTAL_CAP = 1000;

export interface SearchResult {
  items: ProfileSummary[];
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Matches, counted up to SEARCH_TOTAL_CAP (then `totalCapped` is true). */
  total: number;
  totalCapped: boolean;
  hasMore: boolean;
  /**
   * Pass as `after` (with page + 1) for the next page: read by keyset, as cheap deep as on
   * page 1 (issue 13). Null on the last page.
   */
  nextCursor: string | null;
}

/** 'YYYY-MM-DD' of `now` minus `years` in UTC; 29 February becomes 28 February in other years. */
function yearsBefore(now: Date, years: number): string {
  const y = now.getUTCFullYear() - years;
  const m = now.getUTCMonth();
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const d = Math.min(now.getUTCDate(), lastDay);
  return `${String(y).padStart(4, "0")}-${String(m + 1).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/**
 * The birth-date range of an age range, the way ageOn counts ages (UTC): a member is at least
 * `minAge` when born on or before today minus minAge years, and at most `maxAge` when born
 * after today minus (maxAge + 1) years. Searching by date keeps the condition on the column,
 * so the search indexes stay usable.
 */
export function birthDateBounds(minAge: number | undefined, maxAge: number | undefined, now = new Date()) {
  return {
    bornOnOrBefore: minAge === undefined ? undefined : yearsBefore(now, minAge),
    bornAfter: maxAge === undefined ? undefined : yearsBefore(now, maxAge + 1),
  };
}

/**
 * §2 /members search (§3 search state): visible members other than the viewer, filtered by
 * gender, country, region and age (each only when given), newest active first. A visitor
 * (`viewerId` null, §4 logged-out search) gets the same visible members and their public main
 * photos, without their activity times (no lastActive, no cursor: a visitor pages by number);
 * only a member's own results leave out themselves and the members blocked either way.
 *
 * Paging forward goes by keyset (`input.after`, the previous answer's nextCursor); a page number
 * alone (a bookmarked or typed §2 page) is read by OFFSET. Either way the same rows.
 *
 * @param input validated by SearchMembersInput (page is 1-based).
 * @returns one page of profile cards, the capped total, whether a next page exists and its cursor.
 */
export async function searchMembers(
  deps: Pick<AppDeps, "db">,
  viewerId: number | null,
  input: SearchMembersInput,
  now = new Date(),
): Promise<SearchResult> {
  const filters: SearchFilters = {
    viewerId,
    gender: input.gender,
    country: input.country,
    region: input.region,
    ...birthDateBounds(input.minAge, input.maxAge, now),
  };
  const page = input.after ? { after: input.after } : (input.page - 1) * input.pageSize;
  const [rows, counted] = await Promise.all([
    searchProfiles(deps.db, filters, page, input.pageSize + 1),
    countSearchMatches(deps.db, filters, SEARCH_TOTAL_CAP + 1),
  ]);
  const hasMore = rows.length > input.pageSize;
  const shown = rows.slice(0, input.pageSize);
  const last = shown.at(-1);
  return {
    items: shown.map((r) => toProfileSummary(r, viewerId)),
    page: input.page,
    pageSize: input.pageSize,
    total: Math.min(counted, SEARCH_TOTAL_CAP),
    totalCapped: counted > SEARCH_TOTAL_CAP,
    hasMore,
    // The cursor holds the last card's activity time: members only (a visitor pages by number).
    nextCursor: hasMore && last && viewerId !== null ? `${last.cursor_micros}_${last.id}` : null,
  };
}

/**
 * members.search for whoever asks (§2 /members, §4 logged-out search): a member searches as
 * always; a visitor only when the site's logged_out_search settings allow it for them
 * (site-policy.ts loggedOutSearchAllowed, the traffic-source setting needing a tracking record
 * with a network or ref). Same visibility rule and output as searchMembers.
 * @throws AuthenticationRequiredError (403 authentication_required) for a visitor when the
 *   settings keep the search for members.
 */
export function searchMembersFor(
  deps: Pick<AppDeps, "db">,
  member: { id: number } | null,
  site: Pick<Site, "logged_out_search" | "logged_out_search_trafficsource">,
  tracking: TrafficSource | null,
  input: SearchMembersInput,
): Promise<SearchResult> {
  if (!loggedOutSearchAllowed(site, tracking, member !== null)) throw new AuthenticationRequiredError();
  return searchMembers(deps, member?.id ?? null, input);
}

/**
 * A photo on a profile page. The server decides what the viewer may see (ARCHITECTURE, §6):
 * a locked photo carries only its blurred thumbnail, never a full-size or sharp thumbnail name.
 * `unlock` says how it opens: with premium (§6), or — a private photo — for `unlockCredits`
 * credits (§3 photo_credits, photo-unlocks.service.ts).
 */
export type ProfilePhoto =
  | { id: number; isMain: boolean; isPrivate: boolean; locked: false; url: string; thumbUrl: string }
  | {
      id: number;
      isMain: false;
      isPrivate: boolean;
      locked: true;
      blurredUrl: string;
      unlock: "premium" | "credits";
      unlockCredits: number | null;
    };

/** A member's full profile (§3 Profile) as the viewer may see it. */
export interface MemberProfile {
  id: number;
  name: string;
  age: number;
  gender: "male" | "female" | null;
  sexuality: string | null;
  tattoos: boolean | null;
  hairColor: string | null;
  eyeColor: string | null;
  bodyType: string | null;
  relationshipStatus: string | null;
  /** Keys of members.interests.ts. */
  interests: string[];
  country: string | null;
  region: string | null;
  city: string | null;
  note: string;
  /** ISO 8601 UTC; null for a member in invisible mode seen by someone else (§4). */
  lastActive: string | null;
  /** Run by the site: shown with the site's fictional_icon and fictional_warning (§3). */
  fictional: boolean;
  /** The viewer's own profile. */
  isOwn: boolean;
  /** §3 photo count: every photo, locked ones included. */
  photoCount: number;
  /** The main photo (public, §6). */
  mainImage: { url: string; thumbUrl: string } | null;
  /** Main photo first, then the others in their order. */
  photos: ProfilePhoto[];
}

/**
 * §2 /members/{id}: the profile with its photos. The main photo is public; the other photos
 * are shown to premium members (paid_user) and to the owner; a free member gets each of them
 * locked: only the blurred thumbnail, with the §2 lock overlay (§1, §6 "limited photos
 * (blurred with lock)").
 *
 * @param viewer the logged-in member (id and paid_user).
 * @throws BlockedError (§8 "Blocked by another user"; a block either way), NotFoundError for an unknown profile, or one
 *         hidden from search (§4: not active, invisible, deleted) unless it is the viewer's own.
 */
export async function getMemberProfile(
  deps: Pick<AppDeps, "db" | "mediaUrlSecret">,
  viewer: { id: number; paidUser: boolean },
  profileId: number,
  site: SiteSettings,
): Promise<MemberProfile> {
  const isOwn = viewer.id === profileId;
  const p = await findProfile(deps.db, profileId);
  if (!p) throw new NotFoundError("This member could not be found.");
  // A member hidden from the viewer is not found, blocked or not: 'Blocked by another user' must
  // not tell that a banned or deleted account still exists.
  if (!isVisibleTo(viewer.id, p)) throw new NotFoundError("This member could not be found.");
  // §8 'Blocked by another user': a block either way closes the page, before anything else shows.
  await assertNotBlocked(deps.db, viewer.id, profileId);
  const rows = await findPhotos(deps.db, profileId, isOwn);
  const seesAll = isOwn || viewer.paidUser;
  // A free member sees the private photos they bought access to (photo_credits).
  const unlocked = seesAll
    ? new Set<number>()
    : await findUnlockedPhotoIds(
        deps.db,
        viewer.id,
        rows.filter((r) => r.is_private).map((r) => r.id),
      );
  const photoCredits = site.photo_credits;
  const photos: ProfilePhoto[] = rows.map((r) =>
    r.is_main || seesAll || unlocked.has(r.id)
      ? {
          id: r.id,
          isMain: r.is_main,
          isPrivate: r.is_private,
          locked: false,
          ...photoUrlsFor(deps.mediaUrlSecret, r, viewer.id),
        }
      : {
          id: r.id,
          isMain: false,
          isPrivate: r.is_private,
          locked: true,
          blurredUrl: mediaUrl(r.blurred_filename),
          unlock: r.is_private ? "credits" : "premium",
          unlockCredits: r.is_private ? photoCredits : null,
        },
  );
  const main = rows.find((r) => r.is_main);
  return {
    id: p.id,
    name: p.name,
    age: ageOn(p.birth_date),
    gender: p.gender,
    sexuality: p.sexuality,
    tattoos: p.tattoos,
    hairColor: p.hair_color,
    eyeColor: p.eye_color,
    bodyType: p.body_type,
    relationshipStatus: p.relationship_status,
    interests: p.interests,
    country: p.country,
    region: p.region,
    city: p.city,
    note: p.note,
    lastActive: presenceOf(viewer.id, p),
    fictional: p.fictional,
    isOwn,
    photoCount: rows.length,
    mainImage: main ? { url: mediaUrl(main.filename), thumbUrl: mediaUrl(main.thumb_filename) } : null,
    photos,
  };
}

/** The search form's region list of a country (§3: named province, state, canton, voivodeship or region). */
export function listRegions(country: string): { country: string; regionKind: RegionKind; regions: string[] } {
  return { country, ...regionsOf(country) };
}

/** §3 interests: the full list of keys, loaded from the server. */
export function listInterests(): { interests: string[] } {
  return { interests: [...INTEREST_KEYS] };
}

/**
 * Create the member's profile at signup (§3 profile fields), in the caller's transaction.
 * @param profile the profile columns; `id` is the new users row's id.
 */
export function createProfileInTx(tx: Tx, profile: NewProfile): Promise<void> {
  return insertProfile(tx, profile);
}

/** §4: on activation the profile becomes active and visible to others (caller's transaction). */
export function activateProfileInTx(tx: Tx, userId: number): Promise<void> {
  return activateProfile(tx, userId);
}

/**
 * §4 invisible mode on or off, in the caller's transaction: hidden from search and "online"
 * indicators, and others cannot like or write first; existing conversations and matches go on.
 */
export function setInvisibleInTx(tx: Tx, userId: number, invisible: boolean): Promise<void> {
  return setInvisible(tx, userId, invisible);
}

/** A member on the blocker's list (§4): name and when, without the profile (hidden both ways). */
export interface BlockedMember {
  id: number;
  /**
   * Null when the one visibility rule (isVisibleTo, the block itself left out) no longer shows the
   * member to the blocker: invisible, unconfirmed, pending deletion, suspended, banned or purged.
   * The client shows a neutral label instead.
   */
  name: string | null;
  /** ISO 8601 UTC. */
  blockedAt: string;
}

/** Record a block in the caller's transaction. @returns false when it existed already. */
export function recordBlockInTx(tx: Tx, blockerId: number, blockedId: number): Promise<boolean> {
  return insertBlock(tx, blockerId, blockedId);
}

/** Lift a block the blocker put. @returns whether there was one. */
export function liftBlock(deps: Pick<AppDeps, "db">, blockerId: number, blockedId: number): Promise<boolean> {
  return deleteBlock(deps.db, blockerId, blockedId);
}

/**
 * The members `blockerId` blocked, newest first (at most `limit`), each with their name only while
 * the one visibility rule shows them to the blocker, the block itself left out (security review of
 * 2026-11-27, §5: a block must not keep telling the name of a member who since went invisible, or
 * whose account was closed).
 * @returns id, name (or null) and when the block was made (ISO 8601 UTC).
 */
export async function listBlockedBy(
  deps: Pick<AppDeps, "db">,
  blockerId: number,
  limit = 500,
): Promise<BlockedMember[]> {
  const rows = await findBlockedBy(deps.db, blockerId, limit);
  return rows.map((r) => ({
    id: r.blocked_id,
    name: isVisibleTo(blockerId, { ...r, id: r.blocked_id }) ? r.name : null,
    blockedAt: new Date(r.created_at).toISOString(),
  }));
}

/** Whether the member is in invisible mode (§4). */
export async function isInvisible(deps: Pick<AppDeps, "db">, userId: number): Promise<boolean> {
  return (await findInvisible(deps.db, userId)) ?? false;
}

/** Record that the member was active now (profiles.last_active; §2 search orders by it). */
export function recordActivity(deps: Pick<AppDeps, "db">, userId: number): Promise<void> {
  return touchLastActive(deps.db, userId);
}
