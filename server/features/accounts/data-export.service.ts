import type { AppDeps } from "../../deps.js";
import { getCurrentUser } from "./accounts.service.js";
import { listSessions } from "./account-security.service.js";
import { getOwnProfile } from "../members/profile-edit.service.js";
import { listMyPhotos } from "../members/photos.service.js";
import { listLikes } from "../likes/likes.service.js";
import { getConversation, listChats } from "../chats/chats.service.js";
import { listPayments } from "../payments/payments.service.js";

/** Messages exported per conversation at most (a bound on the export's size and time). */
export const EXPORT_MAX_MESSAGES_PER_CONVERSATION = 5_000;
/** Payments exported at most. */
export const EXPORT_MAX_PAYMENTS = 2_000;

/**
 * Personal-data export (beyond the spec; GDPR art. 15/20): everything stored about the member,
 * read through each feature's own service: the account (no password hash), the profile, the
 * photos as links (private ones as the owner's expiring links), likes sent and received,
 * conversations with every message, payments, and the open sessions. Not in it: the moderation
 * records (reports, and the copies of chats a block deleted, kept 90 days for a report: they are
 * about another member's conduct as much as this one's).
 * @param member the logged-in member (id and the asking session).
 * @returns a plain JSON-able object; `exportedAt` is ISO 8601 UTC.
 */
export async function exportPersonalData(deps: AppDeps, member: { id: number; sessionId: string }) {
  const [account, profile, photos, likesSent, likesReceived, chats, sessions] = await Promise.all([
    getCurrentUser(deps, member.id),
    getOwnProfile(deps, member.id),
    listMyPhotos(deps, member.id),
    listLikes(deps, member.id, "sent", 10_000),
    listLikes(deps, member.id, "received", 10_000),
    listChats(deps, member.id, 10_000),
    listSessions(deps, member),
  ]);
  const conversations = [];
  for (const chat of chats.chats) {
    const messages = [];
    let beforeSeq: number | null = null;
    for (;;) {
      const page = await getConversation(deps, member.id, {
        conversationId: chat.conversationId,
        beforeSeq,
        limit: 500,
      });
      messages.unshift(...page.messages);
      if (!page.hasMore || page.messages.length === 0 || messages.length >= EXPORT_MAX_MESSAGES_PER_CONVERSATION) break;
      beforeSeq = page.messages[0]!.seq;
    }
    conversations.push({
      conversationId: chat.conversationId,
      with: { id: chat.profile.id, name: chat.profile.name },
      messages: messages.map((m) => ({
        seq: m.seq,
        fromMe: m.senderId === member.id,
        body: m.body,
        gift: m.gift,
        createdAt: m.createdAt,
      })),
    });
  }
  const payments = [];
  let cursor: number | null = null;
  do {
    const page = await listPayments(deps, member.id, { cursor, limit: 200 });
    payments.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor !== null && payments.length < EXPORT_MAX_PAYMENTS);
  return {
    exportedAt: new Date().toISOString(),
    account: {
      id: account.id,
      email: account.email,
      status: account.status,
      signupDate: account.signupDate,
      language: account.language,
      sendWithEnter: account.sendWithEnter,
      credits: account.credits,
      paidUser: account.paidUser,
      freeMessagesLeft: account.freeMessagesLeft,
    },
    profile,
    photos: photos.photos.map((p) => ({ id: p.id, isMain: p.isMain, isPrivate: p.isPrivate, url: p.url })),
    likes: {
      sent: likesSent.items.map((l) => ({ profileId: l.profile.id, name: l.profile.name, likedAt: l.likedAt })),
      received: likesReceived.items.map((l) => ({
        profileId: l.profile.id,
        name: l.profile.name,
        likedAt: l.likedAt,
        mutual: l.mutual,
      })),
    },
    conversations,
    payments,
    sessions: sessions.map((s) => ({ createdAt: s.createdAt, expiresAt: s.expiresAt, current: s.current })),
  };
}
