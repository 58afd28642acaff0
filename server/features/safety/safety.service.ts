import type { AppDeps } from "../../deps.js";
import { inTransaction } from "../../../db/create-db.js";
import { DomainError, NotFoundError } from "../../domain-error.js";
import type { Tx } from "../../../db/create-db.js";
import {
  blockStateBetween,
  isInvisible,
  isVisibleTo,
  liftBlock,
  listBlockedBy,
  lockMembersForUpdate,
  recordBlockInTx,
  setInvisibleInTx,
  type BlockedMember,
  type LockedMember,
} from "../members/members.service.js";
import { deleteLikesBetweenInTx, likedEitherWayInTx } from "../likes/likes.service.js";
import { deleteConversationsBetweenInTx, shareConversationInTx } from "../chats/chats.service.js";
import { deleteEventsAboutEachOtherInTx, publishStored, recordEvents } from "../live/live.service.js";
import { keepBlockedChatCopiesInTx } from "../moderation/moderation.service.js";

export class CannotBlockSelfError extends DomainError {
  constructor() {
    super("VALIDATION", "You cannot block yourself.");
  }
}

/**
 * §4 Block a member (§6 "Blocked users cannot view or contact the blocker"). In one transaction,
 * with both members' rows locked (id order, as every two-member transaction): record the block,
 * delete the likes between the two (both ways) and the conversations between them (messages
 * included; credits already spent stay spent; their latest messages are kept for a report, seen
 * by no member: moderation.service keepBlockedChatCopiesInTx) and the live events that show one to the other, and
 * write `member.blocked` to both members' event logs, so every open tab of either drops the conversation live (published after commit).
 * From then on the two are hidden from each other everywhere (members.service isVisibleTo) and
 * neither can like, write or give a gift to the other. Blocking again changes nothing more.
 *
 * Only a member the blocker may know of can be blocked (mayBlockInTx): one the visibility rule
 * shows them, or a contact. Any other id is answered as an unknown one, so trying ids tells
 * nothing of hidden members (invisible, unconfirmed, pending deletion, suspended, banned).
 *
 * @param profileId the member to block.
 * @returns { blocked: true, profileId, conversationIds } — the conversations deleted.
 * @throws CannotBlockSelfError (VALIDATION), NotFoundError (no such member, or one hidden from the
 *         blocker who is not their contact: the same answer).
 */
export async function blockMember(
  deps: AppDeps,
  blockerId: number,
  profileId: number,
): Promise<{ blocked: true; profileId: number; conversationIds: number[] }> {
  if (blockerId === profileId) throw new CannotBlockSelfError();
  const { conversationIds, events } = await inTransaction(deps.db, async (tx) => {
    const members = await lockMembersForUpdate(tx, [blockerId, profileId]);
    const target = members.get(profileId);
    if (!target || !(await mayBlockInTx(tx, blockerId, target)))
      throw new NotFoundError("This member could not be found.");
    await recordBlockInTx(tx, blockerId, profileId);
    await deleteLikesBetweenInTx(tx, blockerId, profileId);
    // Either member may still report the other with what was written (moderation.report).
    await keepBlockedChatCopiesInTx(tx, blockerId, profileId);
    const conversationIds = await deleteConversationsBetweenInTx(tx, blockerId, profileId);
    await deleteEventsAboutEachOtherInTx(tx, blockerId, profileId);
    const events = await recordEvents(tx, [
      { userId: blockerId, event: { type: "member.blocked", profileId, conversationIds, byMe: true } },
      { userId: profileId, event: { type: "member.blocked", profileId: blockerId, conversationIds, byMe: false } },
    ]);
    return { conversationIds, events };
  });
  publishStored(deps, events);
  return { blocked: true, profileId, conversationIds };
}

/**
 * Whether `blockerId` may block `target` (row locked by the caller), decided under the same locks
 * as the block (security review of 2026-11-27, §5):
 *  - the one visibility rule shows `target` to the blocker (members.service isVisibleTo; a block
 *    either way is left out of it here: the blocked member may block back, as members.get tells
 *    them 'Blocked by another user');
 *  - or the two are contacts: they share a conversation, or either likes the other (a like or a
 *    match), so a member who wrote or liked and then went invisible, or whose account is closed,
 *    can still be blocked;
 *  - or the blocker blocked `target` already (blocking again changes nothing).
 */
async function mayBlockInTx(tx: Tx, blockerId: number, target: LockedMember): Promise<boolean> {
  const shown = isVisibleTo(blockerId, {
    id: target.id,
    visible: target.visible,
    account_status: target.status,
    moderation_status: target.moderationStatus,
  });
  if (shown) return true;
  if ((await blockStateBetween(tx, blockerId, target.id)).blockedByMe) return true;
  return (
    (await shareConversationInTx(tx, blockerId, target.id)) || (await likedEitherWayInTx(tx, blockerId, target.id))
  );
}

/**
 * Lift a block the member put (§2 settings, list of blocked members). The two see each other
 * again as any other members; deleted chats and likes do not come back. Idempotent.
 * @returns { blocked: false, profileId }.
 */
export async function unblockMember(
  deps: AppDeps,
  blockerId: number,
  profileId: number,
): Promise<{ blocked: false; profileId: number }> {
  await liftBlock(deps, blockerId, profileId);
  return { blocked: false, profileId };
}

/**
 * The members the caller blocked, newest first: id, name and when (no photo: the profile is
 * hidden both ways while blocked). The name is null for a member the caller may no longer see
 * (members.service listBlockedBy): the list tells nothing a profile page would not.
 */
export async function listBlocked(deps: AppDeps, userId: number): Promise<{ members: BlockedMember[] }> {
  return { members: await listBlockedBy(deps, userId) };
}

/** The caller's safety settings: { invisible } (§4 invisible mode). */
export async function getSafetySettings(deps: AppDeps, userId: number): Promise<{ invisible: boolean }> {
  return { invisible: await isInvisible(deps, userId) };
}

/**
 * §4 invisible mode on or off: hidden from search and from "online" indicators, and others
 * cannot like or write first; existing conversations and matches go on, and the member may
 * like and write first themselves.
 * @returns { invisible } as stored.
 */
export async function setInvisibleMode(
  deps: AppDeps,
  userId: number,
  invisible: boolean,
): Promise<{ invisible: boolean }> {
  await inTransaction(deps.db, (tx) => setInvisibleInTx(tx, userId, invisible));
  return { invisible };
}
