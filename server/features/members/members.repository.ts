import { sql, type SelectQueryBuilder } from "kysely";
import type { DB, Tx } from "../../../db/create-db.js";
import type { Database, NewProfile } from "../../../db/database.js";

// The members feature owns the profiles table: every write to a profile is here.

/**
 * The columns of a profile card (name, birth date, place, main photo): one query shape for every
 * list. The main photo is joined only when active: a pending or hidden photo is never shown on a
 * card (issue 10; the constraint photos_main_is_active holds it too).
 */
function selectProfileCards(db: DB | Tx) {
  return (
    db
      .selectFrom("profiles")
      .leftJoin("photos", (j) =>
        j
          .onRef("photos.profile_id", "=", "profiles.id")
          .on("photos.is_main", "=", true)
          .on("photos.status", "=", "active"),
      )
      .innerJoin("users", "users.id", "profiles.id")
      // Purged after the §4 deletion window (issue 9): shown to contacts as a deleted member. A join
      // on the primary key, probed per card: as a subquery PostgreSQL may hash every purged row
      // of the table for each list (a sequential scan that grows with the deletions, issue 13).
      .leftJoin("account_deletions as purged", (j) =>
        j.onRef("purged.user_id", "=", "profiles.id").on("purged.purged_at", "is not", null),
      )
      .select([
        "users.status as account_status",
        "users.moderation_status",
        "profiles.id",
        "profiles.name",
        "profiles.birth_date",
        "profiles.gender",
        "profiles.city",
        "profiles.country",
        "profiles.last_active",
        "profiles.status",
        "profiles.visible",
        "profiles.fictional",
        "users.invisible",
        "photos.thumb_filename as main_thumb_filename",
        "photos.filename as main_filename",
        sql<boolean>`purged.user_id is not null`.as("purged"),
      ])
  );
}

/** Profile card data (name, birth date, place, main photo) for a set of member ids. */
export function findProfileSummaries(db: DB | Tx, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return selectProfileCards(db)
    .where("profiles.id", "in", ids as number[])
    .execute();
}

export type ProfileSummaryRow = Awaited<ReturnType<typeof findProfileSummaries>>[number];

/**
 * Lock members' rows in id order. Every transaction that touches two members (messages,
 * likes) takes these locks first and in this order, so two members acting on each other at
 * once queue up instead of deadlocking.
 */
export function lockMembers(tx: Tx, ids: readonly number[]) {
  return tx
    .selectFrom("users")
    .innerJoin("profiles", "profiles.id", "users.id")
    .select([
      "users.id",
      "users.status",
      "users.moderation_status",
      "users.paid_user",
      "users.credits",
      "users.free_messages_left",
      "profiles.visible",
      "profiles.status as profile_status",
    ])
    .where(
      "users.id",
      "in",
      [...new Set(ids)].sort((a, b) => a - b),
    )
    .orderBy("users.id")
    .forUpdate("users")
    .execute();
}

/** Filters of a member search, already turned into column conditions by the service. */
export interface SearchFilters {
  /** The searching member, never in their own results; null for a visitor (§4 logged-out search). */
  viewerId: number | null;
  gender?: "male" | "female";
  country?: string;
  region?: string;
  /** Born on or before this date (YYYY-MM-DD): at least the minimum age. */
  bornOnOrBefore?: string;
  /** Born after this date (YYYY-MM-DD): at most the maximum age. */
  bornAfter?: string;
  /**
   * Only members with an active main photo (the landers, issue 11): checked in the query, one
   * probe of photos_one_main_idx per candidate, so a page is never short for members without one.
   */
  withMainPhoto?: boolean;
}

/**
 * Where a search page starts after the previous one (keyset pagination, issue 13): the last
 * row's last_active in microseconds since the epoch, as a string of digits (exact: a JS Date
 * would drop the microseconds PostgreSQL keeps, and rows would be skipped or repeated), and its id.
 */
export interface SearchCursor {
  lastActiveMicros: string;
  id: number;
}

/**
 * The visible profiles matching `f` (§2 search, §4 visibility). `visible` is written as a literal
 * predicate (not a bound parameter), so PostgreSQL matches the partial search indexes
 * (… last_active desc, id desc) where visible (migration 2026_11_25_0500) even in the generic
 * plan of a prepared statement: hidden members (unconfirmed, pending deletion, invisible,
 * suspended, banned) are not in those indexes at all.
 * Blocks are per viewer, so no index predicate can hold them: members with a block between them
 * and the viewer, either way (§4), are left out by an anti-join against the viewer's block list,
 * read once per query through the blocks indexes (blocks_pk (blocker_id, …) and
 * blocks_blocked_idx (blocked_id, …), an InitPlan) and checked on each search-index entry
 * (`id <> all (…)`). Unlike two NOT EXISTS (which a prepared statement's generic plan turned into
 * hash anti-joins that read every match, then sorted), this keeps the index order, so the page and
 * the capped count stop early in every plan.
 * A visitor (viewerId null) has no blocks and no own profile to leave out.
 */
function searchWhere<O>(qb: SelectQueryBuilder<Database, "profiles", O>, f: SearchFilters) {
  let q = qb.where(sql<boolean>`profiles.visible`);
  if (f.viewerId !== null)
    q = q
      .where("profiles.id", "<>", f.viewerId)
      .where(
        sql<boolean>`profiles.id <> all (array(select blocks.blocked_id from blocks where blocks.blocker_id = ${f.viewerId} union all select blocks.blocker_id from blocks where blocks.blocked_id = ${f.viewerId}))`,
      );
  if (f.country !== undefined) q = q.where("profiles.country", "=", f.country);
  if (f.gender !== undefined) q = q.where("profiles.gender", "=", f.gender);
  if (f.region !== undefined) q = q.where("profiles.region", "=", f.region);
  if (f.bornOnOrBefore !== undefined) q = q.where("profiles.birth_date", "<=", f.bornOnOrBefore);
  if (f.bornAfter !== undefined) q = q.where("profiles.birth_date", ">", f.bornAfter);
  if (f.withMainPhoto)
    q = q.where(
      sql<boolean>`exists (select 1 from photos where photos.profile_id = profiles.id and photos.is_main and photos.status = 'active')`,
    );
  return q;
}

/** The ids of the matches of `f` in search order (newest active first, ties by id), read from the index alone. */
function matchingIds(db: DB | Tx, f: SearchFilters) {
  return searchWhere(db.selectFrom("profiles").select(["profiles.id", "profiles.last_active"]), f)
    .orderBy("profiles.last_active", "desc")
    .orderBy("profiles.id", "desc");
}

/**
 * One page of search results as profile-card rows, newest active first (ties by id, so pages
 * do not overlap), each with its `cursor_micros` (see SearchCursor) for the next page.
 * Asks for `limit` rows: pass pageSize + 1 to learn whether a next page exists.
 *
 * `page` is either `{ after }` (keyset: rows after that cursor, an index condition, as cheap on
 * page 500 as on page 1) or an offset (page numbers, §2: that many index entries are skipped).
 * The matching ids are found first on the index alone (an index-only scan: the filter columns
 * are in the index), then only those rows are read with their cards.
 */
export async function searchProfiles(
  db: DB | Tx,
  f: SearchFilters,
  page: { after: SearchCursor } | number,
  limit: number,
): Promise<Array<ProfileSummaryRow & { cursor_micros: string }>> {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError("limit must be a non-negative integer");
  let ids = matchingIds(db, f);
  if (typeof page === "object")
    ids = ids.where(
      sql<boolean>`(profiles.last_active, profiles.id) < (timestamptz 'epoch' + ${page.after.lastActiveMicros}::bigint * interval '1 microsecond', ${page.after.id})`,
    );
  else if (page > 0) ids = ids.offset(page);
  // The limit as a literal (a small bounded integer, pageSize + 1): in a prepared statement's
  // generic plan an unknown $n limit is estimated as a large share of the matches, and PostgreSQL
  // then joins the page to profiles by scanning all of them.
  const pageIds = ids.limit(sql.lit(limit)).as("page");
  return selectProfileCards(db)
    .innerJoin(pageIds, "page.id", "profiles.id")
    .select(sql<string>`(extract(epoch from profiles.last_active) * 1000000)::bigint::text`.as("cursor_micros"))
    .orderBy("page.last_active", "desc")
    .orderBy("page.id", "desc")
    .execute();
}

/**
 * How many profiles match `f`, counting at most `cap` (a count of every match would read them
 * all). The counted subquery is in search order, so PostgreSQL reads it from the partial index
 * (an index-only scan that stops after `cap` entries) instead of scanning profiles.
 */
export async function countSearchMatches(db: DB | Tx, f: SearchFilters, cap: number): Promise<number> {
  if (!Number.isSafeInteger(cap) || cap < 0) throw new RangeError("cap must be a non-negative integer");
  const inner = matchingIds(db, f).limit(sql.lit(cap)); // a literal, as in searchProfiles
  const row = await db
    .selectFrom(inner.as("matches"))
    .select(sql<number>`count(*)::int`.as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A profile with every §3 field, whether visible or not (the service decides who sees it). */
export function findProfile(db: DB | Tx, id: number) {
  return db
    .selectFrom("profiles")
    .innerJoin("users", "users.id", "profiles.id")
    .select([
      "profiles.id",
      "profiles.name",
      "profiles.status",
      "profiles.gender",
      "profiles.sexuality",
      "profiles.birth_date",
      "profiles.country",
      "profiles.region",
      "profiles.city",
      "profiles.hair_color",
      "profiles.eye_color",
      "profiles.body_type",
      "profiles.relationship_status",
      "profiles.tattoos",
      "profiles.interests",
      "profiles.note",
      "profiles.visible",
      "profiles.last_active",
      "profiles.fictional",
      "users.invisible",
    ])
    .where("profiles.id", "=", id)
    .executeTakeFirst();
}

/** A profile's photos, main first then by position; only active ones unless `includeInactive`. */
export function findPhotos(db: DB | Tx, profileId: number, includeInactive = false) {
  let q = db
    .selectFrom("photos")
    .select(["id", "filename", "thumb_filename", "blurred_filename", "is_main", "is_private", "status", "position"])
    .where("profile_id", "=", profileId);
  if (!includeInactive) q = q.where("status", "=", "active");
  return q.orderBy("is_main", "desc").orderBy("position").orderBy("id").execute();
}

/** Insert the member's profile (its id is the users row's id). */
export async function insertProfile(tx: Tx, profile: NewProfile): Promise<void> {
  await tx.insertInto("profiles").values(profile).execute();
}

/**
 * The one rule of profiles.visible (what search and profile pages show others), as SQL for the
 * member `userId`: the account is confirmed and not pending deletion (users.status 'active'), not
 * suspended or banned, and not in invisible mode. Every writer of profiles.visible uses it with
 * the profile's own status, so no path (an activation link followed late, leaving invisible mode,
 * a reinstatement) shows a deleted or banned member again.
 */
export function visibleToOthers(userId: number) {
  return sql<boolean>`exists (select 1 from users u where u.id = ${userId}
    and u.status = 'active' and u.moderation_status = 'ok' and not u.invisible)`;
}

/**
 * members.service isClosedToOthers as SQL, for the users row `u` (a table alias in the caller's
 * query): pending deletion, suspended or banned, hidden from everyone, contacts included (§4).
 * For counts that must agree with the lists (unread messages of conversations shown, §2 badges).
 */
export function closedToOthers(u: string) {
  return sql<boolean>`(${sql.ref(`${u}.status`)} = 'pending_deletion' or ${sql.ref(`${u}.moderation_status`)} <> 'ok')`;
}

/** §4: activation makes the profile active and visible to others (visibleToOthers). */
export async function activateProfile(tx: Tx, userId: number): Promise<void> {
  await tx
    .updateTable("profiles")
    .set({ status: "active", visible: visibleToOthers(userId) })
    .where("id", "=", userId)
    .execute();
}

/** users.invisible of a member (undefined when there is no such member). */
export async function findInvisible(db: DB | Tx, userId: number): Promise<boolean | undefined> {
  const row = await db.selectFrom("users").select("invisible").where("id", "=", userId).executeTakeFirst();
  return row?.invisible;
}

/**
 * §4 invisible mode: the members feature owns users.invisible with profiles.visible. An invisible
 * member is hidden (visible false); leaving it shows an active profile again.
 */
export async function setInvisible(tx: Tx, userId: number, invisible: boolean): Promise<void> {
  await tx.updateTable("users").set({ invisible }).where("id", "=", userId).execute();
  await tx
    .updateTable("profiles")
    .set({ visible: sql<boolean>`(status = 'active' and ${visibleToOthers(userId)})` })
    .where("id", "=", userId)
    .execute();
}

/** The member was active now (profiles.last_active orders search, "newest active first"). */
export async function touchLastActive(db: DB, userId: number): Promise<void> {
  await db
    .updateTable("profiles")
    .set({ last_active: sql`now()` })
    .where("id", "=", userId)
    .execute();
}
