import type { AppDeps } from "../../deps.js";
import { NotFoundError } from "../../domain-error.js";
import { publishEphemeral } from "../live/live.service.js";
import { markConversationRead } from "./chats.service.js";
import * as chatsRepo from "./chats.repository.js";
import * as repo from "./read-receipts.repository.js";

/**
 * Read receipts and typing with reciprocal privacy (issue 14; beyond the spec, as chat users
 * expect): 'Seen' under the last message the other member read, and the typing indicator (§2),
 * are shown only when BOTH members have read receipts on (users.read_receipts, default on).
 * Turning it off hides one's own reading and typing and, in return, the other's.
 */

/** How many conversation partners hear at once that a member changed the setting. */
const RECEIPTS_NOTIFY_LIMIT = 500;

/** Whether both members have read receipts on (an unknown member counts as off). */
async function bothShare(deps: Pick<AppDeps, "db">, a: number, b: number): Promise<boolean> {
  const rows = await repo.findReadReceiptsOf(deps.db, [a, b]);
  return rows.length === 2 && rows.every((r) => r.read_receipts);
}

/** The caller's read-receipts setting. Output: { enabled }. @throws NotFoundError for an unknown member. */
export async function getReadReceiptsSetting(deps: Pick<AppDeps, "db">, userId: number): Promise<{ enabled: boolean }> {
  const [row] = await repo.findReadReceiptsOf(deps.db, [userId]);
  if (!row) throw new NotFoundError();
  return { enabled: row.read_receipts };
}

/**
 * The read state of a conversation as the caller may see it.
 * @returns `enabled` (the caller's own setting), `shared` (both members have it on) and
 *          `otherReadSeq`: the seq up to which the other member has read, or null when not shared.
 * @throws NotFoundError when the caller is not in the conversation.
 */
export async function getConversationReceipts(
  deps: Pick<AppDeps, "db">,
  userId: number,
  conversationId: number,
): Promise<{ enabled: boolean; shared: boolean; otherReadSeq: number | null }> {
  const membership = await chatsRepo.findMembership(deps.db, conversationId, userId);
  if (!membership) throw new NotFoundError("This conversation could not be found.");
  const rows = await repo.findReadReceiptsOf(deps.db, [userId, membership.other_user_id]);
  const enabled = rows.find((r) => r.id === userId)?.read_receipts ?? false;
  const shared = rows.length === 2 && rows.every((r) => r.read_receipts);
  const otherReadSeq = shared ? await repo.findLastReadSeq(deps.db, conversationId, membership.other_user_id) : null;
  return { enabled, shared, otherReadSeq };
}

/**
 * Turn the caller's read receipts on or off. When it changed, the caller's other tabs and their
 * conversation partners (the most recent RECEIPTS_NOTIFY_LIMIT) hear `receipts.changed` and
 * refetch. Counted against RATE_LIMIT_READ_RECEIPTS (trpc/rate-limit.ts).
 * Output: { enabled }. @throws NotFoundError for an unknown member.
 */
export async function setReadReceipts(deps: AppDeps, userId: number, enabled: boolean): Promise<{ enabled: boolean }> {
  const outcome = await repo.updateReadReceipts(deps.db, userId, enabled);
  if (outcome === "no_member") throw new NotFoundError();
  // Nothing changed: nobody needs to hear it (each change makes every partner's tabs refetch).
  if (outcome === "unchanged") return { enabled };
  const partners = await repo.findConversationPartners(deps.db, userId, RECEIPTS_NOTIFY_LIMIT);
  await Promise.all(
    [userId, ...partners].map((id) => publishEphemeral(deps, id, { type: "receipts.changed", profileId: userId })),
  );
  return { enabled };
}

/**
 * §4 opening a chat sets its unread count to zero (chats.service markConversationRead); when it
 * was unread and both members have receipts on, the other member hears `conversation.seen`.
 * @throws NotFoundError when the caller is not in the conversation.
 */
export async function markReadAndTell(deps: AppDeps, userId: number, conversationId: number): Promise<void> {
  const membership = await chatsRepo.findMembership(deps.db, conversationId, userId);
  if (!membership) throw new NotFoundError("This conversation could not be found.");
  await markConversationRead(deps, userId, conversationId);
  if (membership.unread_count === 0 || !(await bothShare(deps, userId, membership.other_user_id))) return;
  const seq = await repo.findLastReadSeq(deps.db, conversationId, userId);
  if (seq !== null)
    await publishEphemeral(deps, membership.other_user_id, { type: "conversation.seen", conversationId, seq });
}

/**
 * §2 typing indicator, only when both members have read receipts on (ephemeral, not stored).
 * @throws NotFoundError when the caller is not in the conversation.
 */
export async function notifyTypingIfShared(deps: AppDeps, userId: number, conversationId: number): Promise<void> {
  const membership = await chatsRepo.findMembership(deps.db, conversationId, userId);
  if (!membership) throw new NotFoundError("This conversation could not be found.");
  if (!(await bothShare(deps, userId, membership.other_user_id))) return;
  await publishEphemeral(deps, membership.other_user_id, { type: "typing", conversationId, profileId: userId });
}
