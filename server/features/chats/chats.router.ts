import { router, memberProcedure } from "../../trpc/init.js";
import {
  ConversationIdInput,
  ConversationInput,
  ProfileIdInput,
  ReadReceiptsInput,
  SendGiftInput,
  SendMessageInput,
} from "./chats.schema.js";
import * as chats from "./chats.service.js";
import * as receipts from "./read-receipts.service.js";
import type { Context } from "../../trpc/context.js";

/** A WebSocket's session, for the send to re-check in its statement (trpc/init.ts `sessionCheckedInSend`); none on HTTP. */
const recheck = (ctx: Context & { member: { sessionId: string } }) => ({
  recheckSessionId: ctx.longLived ? ctx.member.sessionId : null,
});

/** Chats (§2 /chats, /chats/{id}, /members/{id}/chat; §4; §9): wiring only. */
export const chatsRouter = router({
  list: memberProcedure.query(({ ctx }) => chats.listChats(ctx.deps, ctx.member.id)),
  withProfile: memberProcedure
    .input(ProfileIdInput)
    .query(({ ctx, input }) => chats.getChatWith(ctx.deps, ctx.member, input.profileId)),
  conversation: memberProcedure
    .input(ConversationInput)
    .query(({ ctx, input }) => chats.getConversation(ctx.deps, ctx.member.id, input)),
  markRead: memberProcedure
    .input(ConversationIdInput)
    .mutation(({ ctx, input }) => receipts.markReadAndTell(ctx.deps, ctx.member.id, input.conversationId)),
  send: memberProcedure
    .meta({ sessionCheckedInSend: true })
    .input(SendMessageInput)
    .mutation(({ ctx, input }) => chats.sendMessage(ctx.deps, ctx.member.id, input, ctx.site, recheck(ctx))),
  /** A gift in chat for gift_credits (§3). Errors: NOT_ENOUGH_CREDITS, CONVERSATION_LIMIT, … as send. */
  sendGift: memberProcedure
    .meta({ sessionCheckedInSend: true })
    .input(SendGiftInput)
    .mutation(({ ctx, input }) => chats.sendGift(ctx.deps, ctx.member.id, input, ctx.site, recheck(ctx))),
  remove: memberProcedure
    .input(ConversationIdInput)
    .mutation(({ ctx, input }) => chats.removeChat(ctx.deps, ctx.member.id, input.conversationId)),
  typing: memberProcedure
    .input(ConversationIdInput)
    .mutation(({ ctx, input }) => receipts.notifyTypingIfShared(ctx.deps, ctx.member.id, input.conversationId)),
  /** Output { enabled, shared, otherReadSeq } ('Seen' only when both members have receipts on). Errors: NOT_FOUND. */
  readReceipts: memberProcedure
    .input(ConversationIdInput)
    .query(({ ctx, input }) => receipts.getConversationReceipts(ctx.deps, ctx.member.id, input.conversationId)),
  /** The caller's read-receipts setting: output { enabled }. */
  readReceiptsSetting: memberProcedure.query(({ ctx }) => receipts.getReadReceiptsSetting(ctx.deps, ctx.member.id)),
  /** Input { enabled }. Output { enabled }. */
  setReadReceipts: memberProcedure
    .input(ReadReceiptsInput)
    .mutation(({ ctx, input }) => receipts.setReadReceipts(ctx.deps, ctx.member.id, input.enabled)),
});
