import type { AppDeps } from "../../deps.js";
import { inTransaction } from "../../../db/create-db.js";
import { DomainError, NotFoundError } from "../../domain-error.js";
import {
  isInvisible,
  liftBlock,
  listBlockedBy,
  lockMembersForUpdate,
  recordBlockInTx,
  setInvisibleInTx,
  type BlockedMember,
} from "../members/members.service.js";
import { deleteLikesBetweenInTx } from "../likes/likes.service.js";
import { deleteConversationsBetweenInTx } from "../chats/chats.service.js";
import { deleteEventsAboutEachOtherInTx, publishStored, recordEvents } from "../live/live.service.js";

export class CannotBlockSelfError extends DomainError {
  constructor() {
    super("VALIDATION", "You cannot block yourself.");
  }
}

/**
 * §4 Block a member (§6 "Blocked users cannot view or contact the blocker"). In one transaction,
 * with both members' rows locked (id order, as every two-member transaction): record the block,
 * delete the likes between the two (both ways) and the conversations between them (messages
 * included; credits already spent stay spent) and the live events that show one to the other, and
 * write `member.blocked` to both members' event logs, so every open tab of either drops the conversation live (published after commit).
 * From then on the two are hidden from each other everywhere (members.service isVisibleTo) and
 * neither can like, write or give a gift to the other. Blocking again changes nothing more.
 *
 * @param profileId the member to block.
 * @returns { blocked: true, profileId, conversationIds } — the conversations deleted.
 * @throws CannotBlockSelfError (VALIDATION), NotFoundError (no such member).
 */
export async function blockMember(
  deps: AppDeps,
  blockerId: number,
  profileId: number,
): Promise<{ blocked: true; profileId: number; conversationIds: number[] }> {
  if (blockerId === profileId) throw new CannotBlockSelfError();
  const { conversationIds, events } = await inTransaction(deps.db, async (tx) => {
    const members = await lockMembersForUpdate(tx, [blockerId, profileId]);
    if (!members.get(profileId)) throw new NotFoundError("This member could not be found.");
    await recordBlockInTx(tx, blockerId, profileId);
    await deleteLikesBetweenInTx(tx, blockerId, profileId);
    const conversationIds = await deleteConversationsBetweenInTx(tx, blockerId, profileId);
    await deleteEventsAboutEachOtherInTx(tx, blockerId, profileId);
    const events = await recordEvents(tx, [
      { userId: blockerId, event: { type: "member.blocked", profileId, conversationIds } },
      { userId: profileId, event: { type: "member.blocked", profileId: blockerId, conversationIds } },
    ]);
    return { conversationIds, events };
  });
  await publishStored(deps, events);
  return { blocked: true, profileId, conversationIds };
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
 * hidden both ways while blocked).
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
