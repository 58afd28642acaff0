import type { AppDeps } from "../../deps.js";
import { inTransaction, isUniqueViolation, type Tx } from "../../../db/create-db.js";
import { AuthenticationRequiredError, DomainError, NotFoundError } from "../../domain-error.js";
import { MAX_STARTED_CONVERSATIONS_FREE } from "../../constants.js";
import type { SiteSettings } from "../site/site.settings.js";
import {
  NotEnoughCreditsError,
  getWallet,
  spendCreditsOrThrow,
  useFreeMessageInTx,
} from "../credits/credits.service.js";
import { GIFTS, type GiftKey } from "./gifts.js";
import { safetyHintsOf } from "./safety-hints.js";
import {
  EmailNotConfirmedError,
  assertNotBlocked,
  getProfileSummaries,
  isClosedToOthers,
  closedToOthersSql,
  lockMembersForUpdate,
  type ProfileSummary,
} from "../members/members.service.js";
import { publishEphemeral, publishStored, recordEvent, recordEvents, type StoredEvent } from "../live/live.service.js";
import type { ChatMessage } from "./chats.events.js";
import * as repo from "./chats.repository.js";
import { SEND_FAST_FALLBACK_CODE, sendMessageFast } from "./send-fast.repository.js";
import { kickMailWorker } from "../mail/mail.service.js";
import { queueNotificationInTx } from "../notifications/notifications.service.js";
import { isMemberOnline, queuePushInTx } from "../push/push.service.js";

/** §2 not-enough-credits popup (one class for every purchase with credits: credits.service.ts). */
export { NotEnoughCreditsError } from "../credits/credits.service.js";
export class ConversationLimitError extends DomainError {
  constructor() {
    super(
      "CONVERSATION_LIMIT",
      `Free members may start ${MAX_STARTED_CONVERSATIONS_FREE} conversations. Get Premium to start more.`,
      {
        limit: MAX_STARTED_CONVERSATIONS_FREE,
      },
    );
  }
}
export class RecipientNotConfirmedError extends DomainError {
  constructor() {
    super(
      "RECIPIENT_NOT_CONFIRMED",
      "This member has not confirmed their e-mail address yet. You can write once they have.",
    );
  }
}
export class MessageTooLongError extends DomainError {
  constructor(max: number) {
    super("MESSAGE_TOO_LONG", `Messages may be at most ${max} characters.`, { max });
  }
}
export class IdempotencyConflictError extends DomainError {
  constructor() {
    super("IDEMPOTENCY_CONFLICT", "This message id was already used for another message.");
  }
}

export interface SendMessageResult {
  message: ChatMessage;
  /** The sender's balance after the send. */
  credits: number;
  freeMessagesLeft: number;
  /** Credits charged for this message: 0 when a free message was used. */
  charged: number;
  /** True when this call was a retry of an earlier send (nothing charged again). */
  duplicate: boolean;
}

function toMessage(r: {
  id: number;
  conversation_id: number;
  seq: number;
  sender_id: number;
  client_id: string;
  body: string;
  gift?: string | null;
  created_at: Date | string;
}): ChatMessage {
  return {
    id: r.id,
    conversationId: r.conversation_id,
    seq: r.seq,
    senderId: r.sender_id,
    clientId: r.client_id,
    body: r.body,
    gift: r.gift ?? null,
    createdAt: new Date(r.created_at).toISOString(),
    safety: r.gift ? [] : safetyHintsOf(r.body),
  };
}

/** The serving site's domain for a queued mail or push (null: the default site). */
function siteDomainOf(settings: SiteSettings): string | null {
  return "domain" in settings ? (settings as { domain: string }).domain : null;
}

const FAST_FALLBACK_CODES = new Set([SEND_FAST_FALLBACK_CODE, "40001", "40P01"]);

/** What the one-statement send decided (trySendFast). */
type FastOutcome =
  | {
      outcome: "sent";
      message: ChatMessage;
      credits: number;
      freeMessagesLeft: number;
      charged: number;
      events: StoredEvent[];
      /** A mail or push was queued in the statement: wake the worker. */
      queued: boolean;
    }
  | { outcome: "not_enough_credits"; needed: number; credits: number }
  | { outcome: "duplicate"; credits: number; freeMessagesLeft: number }
  | { outcome: "session_ended" };

/**
 * A charged send in one statement (chat_send_charged, migrations 2026_11_26_0100 and
 * 2026_11_28_0100; issues 12 and 13): no free message to use first, both members active, no
 * block, and either an existing conversation or a premium member's first message to a visible
 * member. The §3 notification mail and the Web Push are queued in the statement. Same rules,
 * locks and order as the general transaction in sendMessage, which runs whenever this returns
 * null (nothing was written); a balance that cannot pay is answered without row locks.
 * @param recipientOffline the recipient has no open tab (a push is queued if they subscribed).
 * @param sessionId a WebSocket's session, re-checked first in the statement (see sendMessage).
 * @returns 'sent' (with the stored events to publish), 'not_enough_credits' (§2, nothing written,
 *          no earlier message with this client id), 'duplicate' (a retry: the earlier message is
 *          stored, nothing written), 'session_ended' (nothing written), or null for the general path.
 * @throws a unique violation (23505) for a reused client id, which sendMessage answers as a retry.
 */
async function trySendFast(
  deps: AppDeps,
  senderId: number,
  input: { toProfileId: number; clientId: string; body: string; gift?: GiftKey | null },
  settings: SiteSettings,
  recipientOffline: boolean,
  sessionId: string | null,
): Promise<FastOutcome | null> {
  const gift = input.gift ?? null;
  const cost = gift ? settings.gift_credits : settings.message_credits;
  // The message's fields known before the insert; the statement adds id, conversationId, seq and createdAt.
  const base = toMessage({
    id: 0,
    conversation_id: 0,
    seq: 0,
    sender_id: senderId,
    client_id: input.clientId,
    body: input.body,
    gift,
    created_at: new Date(0),
  });
  let row;
  try {
    row = await sendMessageFast(deps.db, {
      senderId,
      recipientId: input.toProfileId,
      clientId: input.clientId,
      body: input.body,
      gift,
      cost,
      reason: gift ? "gift" : "message",
      reference: `${gift ? "gift" : "msg"}:${input.clientId}`,
      message: JSON.stringify(base),
      siteDomain: siteDomainOf(settings),
      push: recipientOffline,
      sessionId,
    });
  } catch (err) {
    if (FAST_FALLBACK_CODES.has((err as { code?: string }).code ?? "")) return null;
    throw err;
  }
  if (!row) return null;
  if (row.outcome === "session_ended") return { outcome: "session_ended" };
  if (row.outcome !== "sent")
    return row.outcome === "duplicate"
      ? { outcome: "duplicate", credits: row.credits, freeMessagesLeft: row.free_messages_left }
      : { outcome: "not_enough_credits", needed: cost, credits: row.credits };
  const message: ChatMessage = {
    ...base,
    id: row.message_id,
    conversationId: row.conversation_id,
    seq: row.seq,
    createdAt: row.created_at,
  };
  const conversationId = row.conversation_id;
  return {
    outcome: "sent",
    message,
    credits: row.credits,
    freeMessagesLeft: row.free_messages_left,
    charged: cost,
    queued: row.mail_queued || row.push_queued,
    events: [
      {
        userId: input.toProfileId,
        seq: row.recipient_event_seq,
        event: { type: "message.new", conversationId, otherProfileId: senderId, message },
      },
      {
        userId: senderId,
        seq: row.sender_event_seq,
        event: { type: "message.new", conversationId, otherProfileId: input.toProfileId, message },
      },
    ],
  };
}

/**
 * Send a paid message (§1, §4, §6, §9) to the member `toProfileId`.
 *
 * In one transaction: lock both members (id order), find or start the conversation (a free
 * member may start MAX_STARTED_CONVERSATIONS_FREE), use a free message or charge
 * message_credits with a conditional debit and a ledger row, take the conversation's next seq
 * under its row lock, insert the message, count it unread for the recipient and record a
 * `message.new` event for both members. Events are published after commit.
 *
 * Idempotent on (sender, clientId): a retry returns the first result and charges nothing. The
 * earlier message is looked up only when the transaction fails (a retry fails on the unique
 * keys of the message or its ledger row, or on a rule the first send has since changed, such as
 * the credits it spent), so a first send costs no extra round trip.
 *
 * @param input.body 1..message_length characters (validated by the schema; length re-checked here).
 * @param settings the serving site's message_credits, gift_credits and message_length (§3).
 * @param opts.recheckSessionId on a WebSocket, the connection's session: re-checked in the send's
 *        first statement (which every send runs, the general path's included) rather than by the
 *        middleware's separate look-up (trpc/init.ts `sessionCheckedInSend`; issue 12).
 * @throws AuthenticationRequiredError (the WebSocket's session has ended; nothing sent or charged),
 *         NotEnoughCreditsError (nothing sent or charged), ConversationLimitError,
 *         RecipientNotConfirmedError (an unconfirmed member the sender already has a conversation
 *         with), EmailNotConfirmedError (the sender is not confirmed, §1),
 *         BlockedError (§8; a block either way, nothing charged), MessageTooLongError,
 *         NotFoundError (no such visible member; an unconfirmed member is not visible),
 *         IdempotencyConflictError (clientId reused for another conversation or text).
 */
export async function sendMessage(
  deps: AppDeps,
  senderId: number,
  input: { toProfileId: number; clientId: string; body: string; gift?: GiftKey | null },
  settings: SiteSettings,
  opts: { recheckSessionId?: string | null } = {},
): Promise<SendMessageResult> {
  if ([...input.body].length > settings.message_length) throw new MessageTooLongError(settings.message_length);
  if (input.toProfileId === senderId) throw new NotFoundError("You cannot write to yourself.");

  // Web Push only to a recipient with no open tab (read before any lock is held).
  const recipientOffline = !(await isMemberOnline(deps, input.toProfileId));
  let fast: FastOutcome | null;
  try {
    // The common cases in one statement; any other case takes the general transaction below.
    fast = await trySendFast(deps, senderId, input, settings, recipientOffline, opts.recheckSessionId ?? null);
  } catch (err) {
    return replayOrThrow(deps, senderId, input, err);
  }
  if (fast?.outcome === "sent") {
    deps.metrics.messagesSent.inc();
    if (fast.queued) void kickMailWorker(deps);
    publishStored(deps, fast.events);
    const { outcome: _outcome, events: _events, queued: _queued, ...sent } = fast;
    return { ...sent, duplicate: false };
  }
  if (fast?.outcome === "session_ended") throw new AuthenticationRequiredError();
  // No earlier message of this client id was found after the balance was read (migration
  // 2026_11_28_0100: a balance that cannot pay is decided without locks): no retry to answer.
  if (fast?.outcome === "not_enough_credits") throw new NotEnoughCreditsError(fast.needed, fast.credits);
  if (fast?.outcome === "duplicate") {
    const earlier = await repo.findMessageByClientId(deps.db, senderId, input.clientId);
    if (earlier) return replay(deps, senderId, input, earlier, fast);
  }

  let result: {
    message: ChatMessage;
    credits: number;
    freeMessagesLeft: number;
    charged: number;
    events: StoredEvent[];
  };
  let mailQueued = false;
  let pushQueued = false;
  try {
    result = await inTransaction(deps.db, async (tx) => {
      const members = await lockMembersForUpdate(tx, [senderId, input.toProfileId]);
      const sender = members.get(senderId);
      const recipient = members.get(input.toProfileId);
      if (!sender) throw new NotFoundError();
      if (!recipient) throw new NotFoundError("This member could not be found.");
      // §1: a member writes (free messages included) only once their own address is confirmed.
      if (sender.status !== "active") throw new EmailNotConfirmedError();
      // §4, §6: a block either way stops every message and gift; nothing is charged.
      await assertNotBlocked(tx, senderId, recipient.id);
      // §4: an account pending deletion, suspended or banned (issue 10) is not writable to, by anyone.
      if (isClosedToOthers(recipient)) throw new NotFoundError("This member could not be found.");
      // §1: members must confirm their address before others can reply to them. An unconfirmed
      // member is hidden (§4, members.service canSee): to anyone they share no conversation with
      // the answer is the one for an id that does not exist, so trying ids cannot list sign-ups.
      if (recipient.status !== "active") {
        if (!(await repo.findConversationByPair(tx, senderId, recipient.id)))
          throw new NotFoundError("This member could not be found.");
        throw new RecipientNotConfirmedError();
      }

      // The conversation's next seq, taken under its row lock: sequence order is commit order.
      let conv = await repo.bumpSeqOfPair(tx, senderId, recipient.id);
      const newConversation = !conv;
      mailQueued = false; // a retried transaction starts over
      if (!conv) {
        // §4: a hidden (invisible or disabled) member cannot be written to first; replies go on.
        if (!recipient.visible) throw new NotFoundError("This member could not be found.");
        if (
          !sender.paidUser &&
          (await repo.countConversationsStartedBy(tx, senderId)) >= MAX_STARTED_CONVERSATIONS_FREE
        ) {
          throw new ConversationLimitError();
        }
        const created = await repo.insertConversation(tx, senderId, recipient.id, senderId);
        conv = { id: created.id, last_seq: (await repo.nextSeq(tx, created.id)).seq };
      }
      const seq = conv.last_seq;

      // A free member's allowance goes first; after it, and for premium members, credits.
      // A gift always costs gift_credits (§3), charged under its own ledger reason.
      let charged = 0;
      let credits = sender.credits;
      let freeMessagesLeft = sender.freeMessagesLeft;
      // A site may make either free (0 credits, §3 settings): nothing is debited then.
      if (input.gift) {
        if (settings.gift_credits > 0)
          credits = await spendCreditsOrThrow(tx, senderId, settings.gift_credits, "gift", `gift:${input.clientId}`);
        charged = settings.gift_credits;
      } else if (!sender.paidUser && (await useFreeMessageInTx(tx, senderId))) {
        freeMessagesLeft -= 1;
      } else if (settings.message_credits > 0) {
        credits = await spendCreditsOrThrow(tx, senderId, settings.message_credits, "message", `msg:${input.clientId}`);
        charged = settings.message_credits;
      }

      const row = await repo.insertMessage(tx, {
        conversation_id: conv.id,
        seq,
        sender_id: senderId,
        client_id: input.clientId,
        body: input.body,
        credits_charged: charged,
        gift: input.gift ?? null,
      });
      const unread = await repo.markDelivered(tx, conv.id, senderId, recipient.id, seq);
      // §3 e-mail: a new conversation, or the first unread message of one (batched: no further
      // mail for this conversation until the member has read it). Queued in this transaction
      // (outbox), sent by the mail worker after commit: it never blocks or fails the send.
      if (unread === 1)
        mailQueued = await queueNotificationInTx(tx, {
          kind: newConversation ? "new_conversation" : "new_message",
          userId: recipient.id,
          fromId: senderId,
          conversationId: conv.id,
          siteDomain: siteDomainOf(settings),
        });
      // Web Push (issue 11): every message to an offline member, in the outbox with the mails.
      pushQueued =
        recipientOffline &&
        (await queuePushInTx(tx, {
          kind: "message",
          userId: recipient.id,
          fromId: senderId,
          conversationId: conv.id,
          siteDomain: siteDomainOf(settings),
        }));
      const message = toMessage({
        ...row,
        conversation_id: conv.id,
        seq,
        sender_id: senderId,
        client_id: input.clientId,
        body: input.body,
        gift: input.gift ?? null,
      });
      const events = await recordEvents(tx, [
        {
          userId: recipient.id,
          event: { type: "message.new", conversationId: conv.id, otherProfileId: senderId, message },
        },
        {
          userId: senderId,
          event: { type: "message.new", conversationId: conv.id, otherProfileId: recipient.id, message },
        },
      ]);
      return { message, credits, freeMessagesLeft, charged, events };
    });
  } catch (err) {
    return replayOrThrow(deps, senderId, input, err);
  }
  deps.metrics.messagesSent.inc();
  if (mailQueued || pushQueued) void kickMailWorker(deps);
  publishStored(deps, result.events);
  const { events: _events, ...rest } = result;
  return { ...rest, duplicate: false };
}

/**
 * A failed send that may be a retry (a unique key of the earlier send, or a rule it has since
 * changed, such as the credits it spent): answer with the earlier message if there is one.
 * @throws `err` when there is no earlier message with this client id.
 */
async function replayOrThrow(
  deps: AppDeps,
  senderId: number,
  input: { toProfileId: number; clientId: string; body: string; gift?: GiftKey | null },
  err: unknown,
): Promise<SendMessageResult> {
  if (isUniqueViolation(err) || err instanceof DomainError) {
    const earlier = await repo.findMessageByClientId(deps.db, senderId, input.clientId);
    if (earlier) return replay(deps, senderId, input, earlier);
    // The id was used and paid for, but its message is gone (a block deleted the conversation;
    // the ledger keeps the charge): the id cannot be sent again.
    if (isUniqueViolation(err, "credit_ledger_reference_uq") || isUniqueViolation(err, "messages_sender_client_uq"))
      throw new IdempotencyConflictError();
  }
  throw err;
}

/**
 * The earlier send's result, charging nothing (sends are idempotent on the client id: ARCHITECTURE "Money").
 * @param wallet the sender's balance when already read (chat_send_charged), else read here.
 * @throws IdempotencyConflictError when the client id was used for another recipient or text.
 */
async function replay(
  deps: AppDeps,
  senderId: number,
  input: { toProfileId: number; body: string; gift?: GiftKey | null },
  earlier: NonNullable<Awaited<ReturnType<typeof repo.findMessageByClientId>>>,
  wallet?: { credits: number; freeMessagesLeft: number },
): Promise<SendMessageResult> {
  const otherId = earlier.member_low_id === senderId ? earlier.member_high_id : earlier.member_low_id;
  if (otherId !== input.toProfileId || earlier.body !== input.body || (earlier.gift ?? null) !== (input.gift ?? null))
    throw new IdempotencyConflictError();
  const me = wallet ?? (await getWallet(deps.db, senderId));
  return {
    message: toMessage(earlier),
    credits: me.credits,
    freeMessagesLeft: me.freeMessagesLeft,
    charged: 0,
    duplicate: true,
  };
}

/** One row of the §3 chat list: conversation id, the other profile, num_unread_messages. */
export interface ChatListItem {
  conversationId: number;
  profile: ProfileSummary;
  numUnreadMessages: number;
  lastMessage: { body: string; fromMe: boolean } | null;
  /** ISO 8601 UTC of the last activity. */
  updatedAt: string;
}

/**
 * The member's conversation list (§2 /chats), newest first.
 * @returns at most `limit` items and the total of unread messages.
 */
export async function listChats(
  deps: AppDeps,
  userId: number,
  limit = 100,
): Promise<{ chats: ChatListItem[]; totalUnread: number }> {
  const rows = await repo.findConversationList(deps.db, userId, limit);
  // Every member listed shares a conversation with the viewer: a contact (§4, existing conversations go on).
  const others = rows.map((r) => r.other_user_id);
  const profiles = await getProfileSummaries(deps.db, userId, others, new Set(others));
  const chats = rows.flatMap((r) => {
    const profile = profiles.get(r.other_user_id);
    if (!profile) return [];
    return [
      {
        conversationId: r.id,
        profile,
        numUnreadMessages: r.unread_count,
        lastMessage: r.last_body !== null ? { body: r.last_body, fromMe: r.last_sender_id === userId } : null,
        updatedAt: new Date(r.last_message_at ?? r.created_at).toISOString(),
      },
    ];
  });
  return { chats, totalUnread: await repo.sumUnread(deps.db, userId, closedToOthersSql) };
}

/**
 * §4 blocking deletes the chats between the two members: the conversations, with their messages
 * and unread counts (caller's transaction, both members' rows locked). The credits paid for the
 * messages stay spent: their ledger rows are kept.
 * @returns the ids of the deleted conversations (the members' tabs drop them live).
 */
export function deleteConversationsBetweenInTx(tx: Tx, a: number, b: number): Promise<number[]> {
  return repo.deleteConversationsOfPair(tx, a, b);
}

/**
 * Whether the two members share a conversation (either may have removed it from their list), in
 * the caller's transaction: a contact, for rules that let contacts reach each other (§4).
 */
export async function shareConversationInTx(tx: Tx, a: number, b: number): Promise<boolean> {
  return (await repo.findConversationByPair(tx, a, b)) !== undefined;
}

/** Total unread messages (§2 Messages badge). */
export function countUnread(deps: AppDeps, userId: number): Promise<number> {
  return repo.sumUnread(deps.db, userId, closedToOthersSql);
}

/**
 * A conversation with the member `profileId` (§2 /members/{id}/chat): the other profile, the
 * conversation id (null before the first message), and `startLimit`: the §9 number of
 * conversations a free member may start, when the caller is a free member who has started that
 * many and this chat has not begun (its first message would be refused with CONVERSATION_LIMIT),
 * else null. The client then says so instead of offering the composer; the send still decides.
 * @param member the caller: id and whether premium (premium members start any number).
 * @throws NotFoundError when the member does not exist; BlockedError when either blocked the other.
 */
export async function getChatWith(deps: AppDeps, member: { id: number; paidUser: boolean }, profileId: number) {
  const userId = member.id;
  if (profileId === userId) throw new NotFoundError("This member could not be found.");
  await assertNotBlocked(deps.db, userId, profileId);
  const conv = await repo.findConversationByPair(deps.db, userId, profileId);
  // The one visibility rule: a hidden member is shown only to those who already share a conversation with them.
  const profiles = await getProfileSummaries(deps.db, userId, [profileId], conv ? new Set([profileId]) : undefined);
  const profile = profiles.get(profileId);
  if (!profile) throw new NotFoundError("This member could not be found.");
  const limitReached =
    !conv &&
    !member.paidUser &&
    (await repo.countConversationsStartedBy(deps.db, userId)) >= MAX_STARTED_CONVERSATIONS_FREE;
  return {
    conversationId: conv?.id ?? null,
    profile,
    startLimit: limitReached ? MAX_STARTED_CONVERSATIONS_FREE : null,
  };
}

/**
 * A page of a conversation's messages, oldest first, and the other profile. Reading changes
 * nothing: the client marks the chat read with markConversationRead when it opens it.
 * @throws NotFoundError when the caller is not in the conversation.
 */
export async function getConversation(
  deps: AppDeps,
  userId: number,
  input: { conversationId: number; beforeSeq?: number | null; limit?: number },
): Promise<{ conversationId: number; profile: ProfileSummary; messages: ChatMessage[]; hasMore: boolean }> {
  const membership = await repo.findMembership(deps.db, input.conversationId, userId);
  if (!membership) throw new NotFoundError("This conversation could not be found.");
  const limit = input.limit ?? 50;
  const rows = await repo.findMessages(deps.db, input.conversationId, input.beforeSeq ?? null, limit + 1);
  const profiles = await getProfileSummaries(
    deps.db,
    userId,
    [membership.other_user_id],
    new Set([membership.other_user_id]),
  );
  const profile = profiles.get(membership.other_user_id);
  if (!profile) throw new NotFoundError("This conversation could not be found.");
  return {
    conversationId: input.conversationId,
    profile,
    messages: rows.slice(0, limit).reverse().map(toMessage),
    hasMore: rows.length > limit,
  };
}

/** §4: opening a chat sets its unread count to zero (and the member's other tabs hear it). */
export async function markConversationRead(deps: AppDeps, userId: number, conversationId: number): Promise<void> {
  const events = await inTransaction(deps.db, async (tx) => {
    if (!(await repo.markRead(tx, conversationId, userId))) return [];
    return [await recordEvent(tx, userId, { type: "conversation.read", conversationId })];
  });
  publishStored(deps, events);
}

/**
 * §4: remove a chat from the member's list (it comes back with the next message).
 * @throws NotFoundError when the conversation is not the caller's.
 */
export async function removeChat(deps: AppDeps, userId: number, conversationId: number): Promise<void> {
  const membership = await repo.findMembership(deps.db, conversationId, userId);
  if (!membership) throw new NotFoundError("This conversation could not be found.");
  const events = await inTransaction(deps.db, async (tx) => {
    if (!(await repo.markRemoved(tx, conversationId, userId))) return [];
    return [await recordEvent(tx, userId, { type: "conversation.removed", conversationId })];
  });
  publishStored(deps, events);
}

/** §2 typing indicator: tell the other member (ephemeral, not stored). */
export async function notifyTyping(deps: AppDeps, userId: number, conversationId: number): Promise<void> {
  const membership = await repo.findMembership(deps.db, conversationId, userId);
  if (!membership) throw new NotFoundError("This conversation could not be found.");
  await publishEphemeral(deps, membership.other_user_id, { type: "typing", conversationId, profileId: userId });
}

/**
 * Send a gift in chat (§1 'gifts … cost credits', §3 gift_credits): a message carrying the gift,
 * charged gift_credits (never the free allowance) with the ledger row `gift:<clientId>`, through
 * the same transaction as a message (conversation limits, order, live events).
 * Idempotent on (sender, clientId).
 *
 * @param input.gift a key of GIFTS.
 * @param opts as sendMessage (a WebSocket's session to re-check in the send).
 * @returns as sendMessage: the message (with `gift`), the balance after and what was charged.
 * @throws AuthenticationRequiredError, NotEnoughCreditsError (§2 popup; nothing sent or charged),
 *         ConversationLimitError, RecipientNotConfirmedError, NotFoundError, IdempotencyConflictError.
 */
export function sendGift(
  deps: AppDeps,
  senderId: number,
  input: { toProfileId: number; clientId: string; gift: GiftKey },
  settings: SiteSettings,
  opts: { recheckSessionId?: string | null } = {},
): Promise<SendMessageResult> {
  return sendMessage(
    deps,
    senderId,
    { toProfileId: input.toProfileId, clientId: input.clientId, body: GIFTS[input.gift], gift: input.gift },
    settings,
    opts,
  );
}
