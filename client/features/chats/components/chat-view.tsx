import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { plural } from "@lingui/core/macro";
import { Avatar } from "../../../components/ui/avatar";
import { FictionalBadge } from "../../../components/ui/fictional-badge";
import { blockedState } from "../../../components/block-member-button";
import { ErrorState, LoadingState } from "../../../components/ui/states";
import { PremiumOnlyModal } from "../../../components/ui/credits-modals";
import { useMe } from "../../../lib/api/use-me";
import { appCodeOf, type RouterError } from "../../../lib/trpc";
import { useErrorText } from "../../../lib/errors";
import { useSiteSettings } from "../../../lib/api/use-site-settings";
import type { RouterOutputs } from "../../../lib/router-types";
import { useChatMessages, useIsTyping, type SendOutcome } from "../hooks/use-chat-messages";
import type { GiftKey } from "../gifts";
import { NotEnoughCreditsModal } from "./not-enough-credits-modal";
import { GiftPicker } from "./gift-picker";
import { MessageList } from "./message-list";
import { ChatHeaderActions } from "./chat-header-actions";
import { ChatComposer } from "./chat-composer";
import { ConnectionNotice } from "./connection-notice";
import { IcebreakerModal } from "./icebreaker-modal";
import { useReadReceipts } from "../api/use-read-receipts";
import { useReadReceiptsSetting } from "../api/use-read-receipts-setting";
import { useSetReadReceipts } from "../api/use-set-read-receipts";

/** The other member of a chat, as chats.withProfile and chats.conversation answer it. */
export type ChatProfile = RouterOutputs["chats"]["withProfile"]["profile"];

/**
 * §2 chat view: top bar, message bubbles, typing indicator, send footer with character count
 * and the send-with-Enter option (§9). New messages arrive live; sending charges credits
 * (or a free message) and a refused send shows the not-enough-credits popup (§2). Prices and
 * the message length are the serving site's (site.settings). An empty conversation offers the
 * icebreaker modal (§2) with a button (never opened uninvited), whose opener only fills the box.
 * 'Seen' and typing follow read receipts, shown only when both members have them on.
 * A member purged after the §4 deletion window (profile.deleted, issue 9) shows as "Deleted
 * member" without a profile link, and a note replaces the composer (the server refuses sends).
 */
export function ChatView({
  profile,
  conversationId,
  startLimit = null,
}: {
  profile: ChatProfile;
  conversationId: number | null;
  /** chats.withProfile startLimit: a free member may not start this chat (§9); said instead of the composer. */
  startLimit?: number | null;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { me } = useMe();
  const settings = useSiteSettings();
  const errorText = useErrorText();
  const chat = useChatMessages(profile.id, conversationId);
  const isTyping = useIsTyping(profile.id);
  const [noCredits, setNoCredits] = useState<"message" | "gift" | null>(null);
  // The conversation-limit text stays set while its popup fades out; `premiumOnlyOpen` shows it.
  const [premiumOnly, setPremiumOnly] = useState<string | null>(null);
  const [premiumOnlyOpen, setPremiumOnlyOpen] = useState(false);
  const [giftsOpen, setGiftsOpen] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const bottomRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const receipts = useReadReceipts(chat.conversationId);
  const receiptsSetting = useReadReceiptsSetting();
  const setReadReceipts = useSetReadReceipts();
  const [fill, setFill] = useState<{ text: string; key: number } | null>(null);
  const [icebreakerOpen, setIcebreakerOpen] = useState(false);
  // On a phone the composer's switches are shown from the header's menu (UX review #4).
  const [optionsOpen, setOptionsOpen] = useState(false);
  const pickedOpener = useRef<string | null>(null);
  const name = profile.deleted ? t`Deleted member` : profile.name;

  useEffect(() => {
    bottomRef.current?.scrollIntoView({ block: "end" });
  }, [chat.messages.length, chat.pending.length, isTyping]);

  // The message box grows with its text, so the messages get less room: one read at the bottom
  // stays at the bottom (the newest message is what a reply answers), one scrolled up stays put.
  const listShown = settings.data !== undefined;
  useEffect(() => {
    const list = listRef.current;
    if (!list || typeof ResizeObserver === "undefined") return;
    let atBottom = true;
    const onScroll = () => {
      // Near the end: the last message is shown (its padding below may be out of view).
      atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 32;
    };
    const observer = new ResizeObserver(() => {
      if (atBottom) list.scrollTo({ top: list.scrollHeight, behavior: "instant" });
    });
    list.addEventListener("scroll", onScroll, { passive: true });
    observer.observe(list);
    return () => {
      list.removeEventListener("scroll", onScroll);
      observer.disconnect();
    };
  }, [listShown]);

  /** A refused send or gift: the §2 popups for credits and the conversation limit, else the reason. */
  const explainRefusal = (error: RouterError, what: "message" | "gift") => {
    const code = appCodeOf(error);
    if (code === "NOT_ENOUGH_CREDITS") setNoCredits(what);
    else if (code === "CONVERSATION_LIMIT") {
      setPremiumOnly(errorText(error));
      setPremiumOnlyOpen(true);
    } else setSendError(errorText(error));
  };
  const onSend = async (text: string, clientId?: string): Promise<boolean> => {
    setSendError(null);
    const outcome: SendOutcome = await chat.send(text, clientId);
    if (outcome.kind === "refused") explainRefusal(outcome.error, "message");
    return outcome.kind !== "refused";
  };
  const onGift = async (gift: GiftKey) => {
    setSendError(null);
    const outcome = await chat.sendGift(gift);
    if (!outcome) return; // a second tap while the first gift is on its way
    setGiftsOpen(false);
    if (outcome.kind === "refused") explainRefusal(outcome.error, "gift");
  };

  if (!settings.data) return settings.error ? <ErrorState message={errorText(settings.error)} /> : <LoadingState />;
  const { message_length: maxLength, message_credits: cost, gift_credits: giftCost } = settings.data;
  const conversation = chat.conversation;

  return (
    <div className="chat-view d-flex flex-column h-100">
      <header className="chat-header d-flex align-items-center gap-2 gap-sm-3 px-3 py-2 bg-white border-bottom">
        <Link to="/chats" className="btn btn-link px-1 text-body" aria-label={t`Back to messages`}>
          ←
        </Link>
        <Avatar src={profile.mainImage?.thumbUrl} name={name} size={44} />
        <div className="min-w-0">
          <h1 className="h5 mb-0 text-truncate">
            {profile.deleted ? (
              <span className="text-body-secondary">{name}</span>
            ) : (
              <Link to={`/members/${profile.id}`} className="text-body text-decoration-none">
                {profile.name}, {profile.age}
              </Link>
            )}
          </h1>
          <div className="small text-body-secondary" aria-live="polite">
            {isTyping ? <span className="typing-indicator">{t`${profile.name} is typing…`}</span> : profile.city}
          </div>
          {profile.fictional && <FictionalBadge compact />}
        </div>
        {/* A deleted member can no longer be blocked; the chat can still be reported. */}
        {(!profile.deleted || chat.conversationId !== null) && (
          <ChatHeaderActions
            blockProfileId={profile.deleted ? null : profile.id}
            name={name}
            conversationId={chat.conversationId}
            chatSettings={
              profile.deleted ? undefined : { open: optionsOpen, onToggle: () => setOptionsOpen((o) => !o) }
            }
            // flushSync: the live stream sees this move at once, not after a transition (live-member.tsx).
            onBlocked={() => navigate("/chats", { replace: true, state: blockedState(name), flushSync: true })}
          />
        )}
      </header>
      <ConnectionNotice />

      <div
        ref={listRef}
        className="chat-messages flex-grow-1 overflow-auto px-3 py-3"
        role="log"
        aria-label={t`Messages with ${name}`}
        aria-live="polite"
      >
        {conversation.isLoading && chat.conversationId !== null ? (
          <LoadingState />
        ) : conversation.error ? (
          <ErrorState message={errorText(conversation.error)} onRetry={() => void conversation.refetch()} />
        ) : chat.messages.length === 0 && chat.pending.length === 0 && startLimit === null ? (
          <div className="text-center text-body-secondary my-5">
            <p>
              <Trans>Say hello to {profile.name}!</Trans>
            </p>
            <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => setIcebreakerOpen(true)}>
              <Trans>Need an icebreaker?</Trans>
            </button>
          </div>
        ) : null}
        {conversation.data?.hasMore && (
          <p className="text-center small text-body-secondary">
            <Trans>Older messages are no longer visible.</Trans>
          </p>
        )}
        <MessageList
          messages={chat.messages}
          pending={chat.pending}
          myId={me?.id}
          otherName={name}
          onRetry={(p) => void onSend(p.body, p.clientId)}
          seenSeq={receipts.data?.otherReadSeq ?? null}
        />
        <div ref={bottomRef} />
      </div>

      {profile.deleted ? (
        <p className="chat-deleted-note text-center text-body-secondary small px-3 py-3 mb-0 bg-white border-top">
          <Trans>This member deleted their account. You can read your conversation, but not reply.</Trans>
        </p>
      ) : startLimit !== null && chat.conversationId === null ? (
        // §9: a free member who started their conversations learns it before writing, not after.
        <div className="text-center px-3 py-4 mb-0 bg-white border-top" role="status">
          <p className="mb-3">{errorText({ appCode: "CONVERSATION_LIMIT", details: { limit: startLimit } })}</p>
          <Link to="/credits" className="btn btn-primary">
            <Trans>Get Premium</Trans>
          </Link>
        </div>
      ) : (
        <ChatComposer
          conversationId={chat.conversationId}
          maxLength={maxLength}
          costLabel={
            me && !me.paidUser && me.freeMessagesLeft > 0
              ? plural(me.freeMessagesLeft, { one: "# free message left", other: "# free messages left" })
              : t`${cost} credits per message`
          }
          sendWithEnter={me?.sendWithEnter ?? true}
          error={sendError}
          onDismissError={() => setSendError(null)}
          onSend={(text) => onSend(text)}
          onOpenGifts={() => setGiftsOpen(true)}
          fill={fill}
          optionsOpen={optionsOpen}
          readReceipts={receiptsSetting.data?.enabled}
          onReadReceiptsChange={(enabled) => setReadReceipts.mutate({ enabled })}
        />
      )}
      <IcebreakerModal
        show={icebreakerOpen}
        name={profile.name}
        onClose={() => setIcebreakerOpen(false)}
        onPick={(text) => {
          pickedOpener.current = text;
          setIcebreakerOpen(false);
        }}
        onExited={() => {
          // Filled once the dialog has gone, so the box keeps the focus (nothing is sent). Closed
          // without a pick ("Write my own", Escape), the focus goes to the box too, not to the page.
          if (pickedOpener.current !== null) setFill({ text: pickedOpener.current, key: Date.now() });
          else document.getElementById("chat-message")?.focus();
          pickedOpener.current = null;
        }}
      />
      <NotEnoughCreditsModal
        show={noCredits !== null}
        onClose={() => setNoCredits(null)}
        // Back to the message box, which holds the unsent text (the Send button that opened the
        // dialog was disabled while sending, so the dialog's own return of the focus finds nothing).
        onExited={() => document.getElementById("chat-message")?.focus()}
        cost={noCredits === "gift" ? giftCost : cost}
        gift={noCredits === "gift"}
      />
      <PremiumOnlyModal show={premiumOnlyOpen} onClose={() => setPremiumOnlyOpen(false)}>
        {premiumOnly}
      </PremiumOnlyModal>
      <GiftPicker
        show={giftsOpen}
        onClose={() => setGiftsOpen(false)}
        onPick={(gift) => void onGift(gift)}
        cost={giftCost}
        name={profile.name}
        busy={chat.giftBusy}
      />
    </div>
  );
}
