import type { AppDeps } from "../../deps.js";
import { inTransaction, type Tx } from "../../../db/create-db.js";
import { DomainError, NotFoundError } from "../../domain-error.js";
import { DAILY_LIKES_FREE } from "../../constants.js";
import {
  EmailNotConfirmedError,
  assertNotBlocked,
  getProfileSummaries,
  isClosedToOthers,
  lockMembersForUpdate,
  type ProfileSummary,
} from "../members/members.service.js";
import { publishStored, recordEvent, type StoredEvent } from "../live/live.service.js";
import * as repo from "./likes.repository.js";
import { queueNotificationInTx } from "../notifications/notifications.service.js";
import { kickMailWorker } from "../mail/mail.service.js";
import { isMemberOnline, queuePushInTx } from "../push/push.service.js";

export class DailyLikesExhaustedError extends DomainError {
  constructor(secondsUntilReset: number) {
    // §8 wording; the client appends the countdown after 'Please wait: '.
    super(
      "DAILY_LIKES_EXHAUSTED",
      `You can give out ${DAILY_LIKES_FREE} Likes per day. Tomorrow you may give another ${DAILY_LIKES_FREE}! Please wait: `,
      { limit: DAILY_LIKES_FREE, secondsUntilReset },
    );
  }
}
export class CannotLikeSelfError extends DomainError {
  constructor() {
    super("CANNOT_LIKE_SELF", "You cannot like yourself.");
  }
}

/** Today's date in UTC (YYYY-MM-DD): the daily like quota resets at 00:00 UTC. */
function utcDay(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
function secondsUntilUtcMidnight(now = new Date()): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.ceil((next - now.getTime()) / 1000);
}

/**
 * The outbox dedupe key (mail.service QueuedMail.dedupeKey) of the notification of a like or a
 * match: at most one mail and one push per pair, ever, so a like/unlike loop cannot mail or push
 * the other member again (review of 2026-11-27, §3). A like is keyed by who liked whom; a match by
 * the pair, whichever of the two made it (one match mail per pair, to whoever liked first then).
 * The push of the same like or match uses the key prefixed with `push:` (one key column for both
 * channels).
 *
 * @param kind "like" or "match".
 * @param likerId the member who just liked; @param likedId the member liked (the one notified).
 * @returns e.g. `like:12:34` (12 liked 34) or `match:12:34` (smaller id first).
 */
export function likeNotificationKey(kind: "like" | "match", likerId: number, likedId: number): string {
  return kind === "like"
    ? `like:${likerId}:${likedId}`
    : `match:${Math.min(likerId, likedId)}:${Math.max(likerId, likedId)}`;
}

export interface LikeResult {
  liked: boolean;
  /** The like is mutual (§4 match). */
  match: boolean;
  /** Likes left today for a free member; null for premium (no daily limit). */
  likesLeftToday: number | null;
}

/**
 * Like a member (§4). A mutual like is a match: both members get `match.new` live (the §2
 * 'it's a match' modal); otherwise the liked member gets `like.new`. Liking again is a no-op.
 * The §3 mail and the Web Push of a like or match go out once per pair (likeNotificationKey): a
 * like given again after an unlike is a new like in the lists and live (§4 received likes, new
 * first; the §2 modal of an open tab), but mails and pushes nobody.
 * Free members may give DAILY_LIKES_FREE (§9: 4) likes a day; the quota is taken with a
 * conditional upsert, so two racing likes cannot both take the last one.
 *
 * The liker must have confirmed their address (§1); a block either way stops the like (§4, §6);
 * a member in invisible mode (§4) or otherwise hidden can be liked only back (they liked first).
 *
 * @throws DailyLikesExhaustedError (§8), CannotLikeSelfError, EmailNotConfirmedError (the liker is
 *         not confirmed), BlockedError (§8 'Blocked by another user'; nothing taken from the quota),
 *         NotFoundError (no such visible member).
 */
export async function like(deps: AppDeps, likerId: number, likedId: number): Promise<LikeResult> {
  if (likerId === likedId) throw new CannotLikeSelfError();
  // Web Push only to a member with no open tab (read before the transaction holds locks).
  const likedOffline = !(await isMemberOnline(deps, likedId));
  const { result, events } = await inTransaction(deps.db, async (tx) => {
    const members = await lockMembersForUpdate(tx, [likerId, likedId]);
    const liker = members.get(likerId);
    const liked = members.get(likedId);
    // §4: an account pending deletion, suspended or banned (issue 10) cannot be liked, not even back.
    if (liked && isClosedToOthers(liked)) throw new NotFoundError("This member could not be found.");
    if (!liker || !liked) throw new NotFoundError("This member could not be found.");
    if (liker.status !== "active") throw new EmailNotConfirmedError();
    await assertNotBlocked(tx, likerId, likedId);
    const mutual = await repo.likeExists(tx, likedId, likerId);
    // §4: a hidden (invisible) member cannot be liked first; liking back goes on.
    if (!liked.visible && !mutual) throw new NotFoundError("This member could not be found.");
    const quota = async () =>
      liker.paidUser ? null : DAILY_LIKES_FREE - (await repo.dailyLikesUsed(tx, likerId, utcDay()));
    if (await repo.likeExists(tx, likerId, likedId)) {
      return { result: { liked: true, match: mutual, likesLeftToday: await quota() }, events: [] as StoredEvent[] };
    }
    let likesLeftToday: number | null = null;
    if (!liker.paidUser) {
      const used = await repo.takeDailyLike(tx, likerId, utcDay(), DAILY_LIKES_FREE);
      if (used === null) throw new DailyLikesExhaustedError(secondsUntilUtcMidnight());
      likesLeftToday = DAILY_LIKES_FREE - used;
    }
    await repo.insertLike(tx, likerId, likedId);
    // The two are a match (or one liked the other): each is the other's contact.
    // Each event carries the other's card as its recipient sees it (an invisible member's presence stays hidden, §4).
    const likerAsSeen = (await getProfileSummaries(tx, likedId, [likerId], new Set([likerId]))).get(likerId)!;
    const events: StoredEvent[] = mutual
      ? [
          await recordEvent(tx, likedId, { type: "match.new", profile: likerAsSeen }),
          await recordEvent(tx, likerId, {
            type: "match.new",
            profile: (await getProfileSummaries(tx, likerId, [likedId], new Set([likedId]))).get(likedId)!,
          }),
        ]
      : [await recordEvent(tx, likedId, { type: "like.new", profile: likerAsSeen })];
    // §3 e-mail (outbox, sent after commit): a new like, or a match to the member who liked first.
    // Once per pair (likeNotificationKey): a like given again after an unlike mails nobody.
    const kind = mutual ? "match" : "like";
    const dedupeKey = likeNotificationKey(kind, likerId, likedId);
    await queueNotificationInTx(tx, { kind, userId: likedId, fromId: likerId, dedupeKey });
    // Web Push (issue 11): the like or match, in the same outbox, for a member with no open tab; once per pair too.
    if (likedOffline)
      await queuePushInTx(tx, { kind, userId: likedId, fromId: likerId, dedupeKey: `push:${dedupeKey}` });
    return { result: { liked: true, match: mutual, likesLeftToday }, events };
  });
  if (events.length > 0) void kickMailWorker(deps);
  publishStored(deps, events);
  return result;
}

/** A free member's likes for today (§8, §9); the swipe game and the profile's Like button show it. */
export interface DailyLikeQuota {
  /** §9: likes a day for a free member (4). */
  limit: number;
  /** Likes left today, 0..limit. */
  left: number;
  /** Seconds until the quota renews (00:00 UTC): the §8 'Please wait: ' countdown. */
  secondsUntilReset: number;
}

/**
 * likes.quota: what is left of today's likes (§9: 4 a day for free members). Reading it takes
 * nothing; `like` takes from it atomically.
 * @returns null for a premium member (no daily limit).
 */
export async function dailyLikeQuota(
  deps: Pick<AppDeps, "db">,
  member: { id: number; paidUser: boolean },
  now = new Date(),
): Promise<DailyLikeQuota | null> {
  if (member.paidUser) return null;
  const used = await repo.dailyLikesUsed(deps.db, member.id, utcDay(now));
  return {
    limit: DAILY_LIKES_FREE,
    left: Math.max(0, DAILY_LIKES_FREE - used),
    secondsUntilReset: secondsUntilUtcMidnight(now),
  };
}

/** Take a like back (§4 unlike). Idempotent. */
export async function unlike(deps: AppDeps, likerId: number, likedId: number): Promise<{ liked: false }> {
  await repo.deleteLike(deps.db, likerId, likedId);
  return { liked: false };
}

export type LikeKind = "sent" | "received" | "match";

export interface LikeListItem {
  profile: ProfileSummary;
  /** §3 like_new: a received like not yet seen. */
  isNew: boolean;
  mutual: boolean;
  /** ISO 8601 UTC. */
  likedAt: string;
}

/** A like row of the repository, with the member shown and whether it is new and mutual. */
type LikeRow = { profile_id: number; is_new: boolean; mutual: boolean; created_at: Date | string };

/**
 * The rows' profile cards as the member may see them, for one or more lists at once (one look-up):
 * matches are contacts (§4: existing matches go on); other likes show only visible members.
 */
async function toLikeItems(deps: AppDeps, userId: number, lists: LikeRow[][]): Promise<LikeListItem[][]> {
  const rows = lists.flat();
  const matched = new Set(rows.filter((r) => r.mutual).map((r) => r.profile_id));
  const profiles = await getProfileSummaries(
    deps.db,
    userId,
    rows.map((r) => r.profile_id),
    matched,
  );
  return lists.map((list) =>
    list.flatMap((r) => {
      const profile = profiles.get(r.profile_id);
      return profile
        ? [{ profile, isNew: r.is_new, mutual: r.mutual, likedAt: new Date(r.created_at).toISOString() }]
        : [];
    }),
  );
}

/**
 * §2 /likes/{type}: likes sent, received (new first, §4) or matches (mutual likes).
 * @returns up to `limit` items and the count of new received likes.
 */
export async function listLikes(
  deps: AppDeps,
  userId: number,
  kind: LikeKind,
  limit = 200,
): Promise<{ items: LikeListItem[]; totalNew: number }> {
  const rows =
    kind === "sent"
      ? (await repo.findSent(deps.db, userId, limit)).map((r) => ({ ...r, is_new: false }))
      : (await repo.findReceived(deps.db, userId, limit)).filter((r) => kind === "received" || r.mutual);
  const [[items], totalNew] = await Promise.all([toLikeItems(deps, userId, [rows]), repo.countNew(deps.db, userId)]);
  return { items: items!, totalNew };
}

/**
 * §7 /api/likes.php: the likes sent and the likes received together, as listLikes gives each,
 * with one profile look-up for both lists (a poll's full answer, issue 13).
 * @returns up to `limit` items of each and the count of new received likes.
 */
export async function listSentAndReceivedLikes(
  deps: AppDeps,
  userId: number,
  limit = 200,
): Promise<{ sent: LikeListItem[]; received: LikeListItem[]; totalNew: number }> {
  const [sentRows, receivedRows, totalNew] = await Promise.all([
    repo.findSent(deps.db, userId, limit),
    repo.findReceived(deps.db, userId, limit),
    repo.countNew(deps.db, userId),
  ]);
  const [sent, received] = await toLikeItems(deps, userId, [
    sentRows.map((r) => ({ ...r, is_new: false })),
    receivedRows,
  ]);
  return { sent: sent!, received: received!, totalNew };
}

/**
 * The like state between the member and one profile (for the profile page's button).
 * @throws BlockedError when either blocked the other (§6: no view of the blocker).
 */
export async function likeStatus(deps: AppDeps, userId: number, profileId: number) {
  await assertNotBlocked(deps.db, userId, profileId);
  const [liked, likedMe] = await Promise.all([
    repo.likeExists(deps.db, userId, profileId),
    repo.likeExists(deps.db, profileId, userId),
  ]);
  return { liked, likedMe, match: liked && likedMe };
}

/** §4: opening a profile clears its new-like flag (and the member's tabs update the badge). */
export async function markLikeSeen(deps: AppDeps, userId: number, profileId: number): Promise<void> {
  const events = await inTransaction(deps.db, async (tx) => {
    if (!(await repo.clearNewFlag(tx, profileId, userId))) return [];
    return [await recordEvent(tx, userId, { type: "likes.seen" })];
  });
  publishStored(deps, events);
}

/**
 * §4 blocking deletes the likes between the two members, both ways (caller's transaction, both
 * members' rows locked). @returns how many likes were deleted.
 */
export function deleteLikesBetweenInTx(tx: Tx, a: number, b: number): Promise<number> {
  return repo.deleteLikesBetween(tx, a, b);
}

/**
 * Whether either member likes the other (a like, or a match), in the caller's transaction: a
 * contact, for rules that let contacts reach each other (§4).
 */
export async function likedEitherWayInTx(tx: Tx, a: number, b: number): Promise<boolean> {
  return (await repo.likeExists(tx, a, b)) || (await repo.likeExists(tx, b, a));
}

/** Count of new received likes (§2 Likes badge). */
export function countNewLikes(deps: AppDeps, userId: number): Promise<number> {
  return repo.countNew(deps.db, userId);
}
