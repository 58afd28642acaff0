import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { Link } from "react-router";
import { Alert, Button, Form } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { Avatar } from "../../../components/ui/avatar";
import { ErrorState, LoadingState } from "../../../components/ui/states";
import { useMe } from "../../../lib/session";
import { appCodeOf, trpc } from "../../../lib/trpc";
import { useErrorText } from "../../../lib/errors";
import { useLiveEvent } from "../../../lib/live-events";
import { TYPING_SHOW_MS } from "../../../lib/constants";
import { useConversation } from "../api/use-conversation";
import { useSendMessage } from "../api/use-send-message";
import { useMarkRead } from "../api/use-mark-read";
import { useTypingNotifier } from "../api/use-typing";
import { useSiteSettings } from "../api/use-site-settings";
import { NotEnoughCreditsModal } from "./not-enough-credits-modal";
import { GiftPicker } from "./gift-picker";
import { GiftArt } from "./gift-art";
import { GiftIcon } from "../../../components/ui/gift-icon";
import { PremiumOnlyModal } from "../../../components/ui/credits-modals";
import { useSendGift } from "../api/use-send-gift";
import { GIFTS, type GiftKey } from "../gifts";

interface Message {
  id: number;
  seq: number;
  senderId: number;
  clientId: string;
  body: string;
  /** The gift's key when the message is a gift. */
  gift?: string | null;
  createdAt: string;
}
interface Pending {
  clientId: string;
  body: string;
  error: string | null;
}
interface ChatProfile {
  id: number;
  name: string;
  age: number;
  city: string | null;
  mainImage: { url: string; thumbUrl: string } | null;
}

/**
 * §2 chat view: top bar, message bubbles, typing indicator, send footer with character count
 * and the send-with-Enter option (§9). New messages arrive live; sending charges credits
 * (or a free message) and a refused send shows the not-enough-credits popup (§2).
 */
export function ChatView({
  profile,
  conversationId: initialConversationId,
}: {
  profile: ChatProfile;
  conversationId: number | null;
}) {
  const { t, i18n } = useLingui();
  const { me } = useMe();
  const settings = useSiteSettings().data;
  const errorText = useErrorText();
  const [conversationId, setConversationId] = useState(initialConversationId);
  const conversation = useConversation(conversationId);
  const [live, setLive] = useState<Message[]>([]);
  const [pending, setPending] = useState<Pending[]>([]);
  const [draft, setDraft] = useState("");
  const [typingUntil, setTypingUntil] = useState(0);
  const [noCredits, setNoCredits] = useState<"message" | "gift" | null>(null);
  const [giftsOpen, setGiftsOpen] = useState(false);
  const [premiumOnly, setPremiumOnly] = useState<string | null>(null);
  const sendGift = useSendGift();
  const [sendError, setSendError] = useState<string | null>(null);
  const send = useSendMessage();
  const markRead = useMarkRead();
  const notifyTyping = useTypingNotifier(conversationId);
  const saveSettings = trpc.accounts.updateSettings.useMutation();
  const utils = trpc.useUtils();
  const bottomRef = useRef<HTMLDivElement>(null);
  const maxLength = settings?.message_length ?? 1000;
  const cost = settings?.message_credits ?? 10;
  const giftCost = settings?.gift_credits ?? 50;

  const messages = useMemo(() => {
    const byId = new Map<number, Message>();
    for (const m of conversation.data?.messages ?? []) byId.set(m.id, m);
    for (const m of live) byId.set(m.id, m);
    return [...byId.values()].sort((a, b) => a.seq - b.seq);
  }, [conversation.data, live]);
  const sentClientIds = useMemo(() => new Set(messages.map((m) => m.clientId)), [messages]);

  // §4: opening a chat sets its unread count to zero.
  useEffect(() => {
    if (conversationId !== null) markRead.mutate({ conversationId });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [conversationId]);

  useLiveEvent("message.new", (e) => {
    if (e.otherProfileId !== profile.id) return;
    setConversationId((c) => c ?? e.conversationId);
    setLive((l) => [...l, e.message]);
    if (e.message.senderId === profile.id) {
      setTypingUntil(0);
      if (document.visibilityState === "visible") markRead.mutate({ conversationId: e.conversationId });
    }
  });
  useLiveEvent("typing", (e) => {
    if (e.profileId === profile.id) setTypingUntil(Date.now() + TYPING_SHOW_MS);
  });
  const [, tick] = useState(0);
  useEffect(() => {
    if (typingUntil <= Date.now()) return;
    const timer = setTimeout(() => tick((n) => n + 1), typingUntil - Date.now() + 10);
    return () => clearTimeout(timer);
  }, [typingUntil]);
  const isTyping = typingUntil > Date.now();

  useEffect(() => {
    bottomRef.current?.scrollIntoView({ block: "end" });
  }, [messages.length, pending.length, isTyping]);

  const submit = (body: string, clientId: string = crypto.randomUUID()) => {
    const text = body.trim();
    if (!text || [...text].length > maxLength) return;
    setSendError(null);
    setPending((p) => [...p.filter((x) => x.clientId !== clientId), { clientId, body: text, error: null }]);
    if (body === draft) setDraft("");
    send.mutate(
      { toProfileId: profile.id, clientId, body: text },
      {
        onSuccess: (result) => {
          setPending((p) => p.filter((x) => x.clientId !== clientId));
          setLive((l) => [...l, result.message]);
          setConversationId(result.message.conversationId);
        },
        onError: (err) => {
          if (appCodeOf(err) === "NOT_ENOUGH_CREDITS") {
            // Nothing was sent or charged: take the bubble back and give the text back.
            setPending((p) => p.filter((x) => x.clientId !== clientId));
            setDraft(text);
            setNoCredits("message");
            void utils.accounts.me.invalidate();
          } else if (appCodeOf(err) === "CONVERSATION_LIMIT") {
            // §2 premium-only popup: more conversations are a premium feature.
            setPending((p) => p.filter((x) => x.clientId !== clientId));
            setDraft(text);
            setPremiumOnly(errorText(err));
          } else if (appCodeOf(err)) {
            setPending((p) => p.filter((x) => x.clientId !== clientId));
            setDraft(text);
            setSendError(errorText(err));
          } else {
            setPending((p) => p.map((x) => (x.clientId === clientId ? { ...x, error: errorText(err) } : x)));
          }
        },
      },
    );
  };

  // §3 gift_credits: a gift is charged at once; a retry with the same client id is charged once.
  const giveGift = (gift: GiftKey) => {
    setSendError(null);
    sendGift.mutate(
      { toProfileId: profile.id, clientId: crypto.randomUUID(), gift },
      {
        onSuccess: (result) => {
          setGiftsOpen(false);
          setLive((l) => [...l, result.message]);
          setConversationId(result.message.conversationId);
        },
        onError: (err) => {
          setGiftsOpen(false);
          if (appCodeOf(err) === "NOT_ENOUGH_CREDITS") {
            setNoCredits("gift");
            void utils.accounts.me.invalidate();
          } else if (appCodeOf(err) === "CONVERSATION_LIMIT") {
            setPremiumOnly(errorText(err));
          } else {
            setSendError(errorText(err));
          }
        },
      },
    );
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && me?.sendWithEnter) {
      e.preventDefault();
      submit(draft);
    }
  };
  const time = new Intl.DateTimeFormat(i18n.locale, { timeStyle: "short" });
  const length = [...draft].length;

  return (
    <div className="chat-view d-flex flex-column h-100">
      <header className="chat-header d-flex align-items-center gap-3 px-3 py-2 bg-white border-bottom">
        <Link to="/chats" className="btn btn-link px-1 text-body" aria-label={t`Back to messages`}>
          ←
        </Link>
        <Avatar src={profile.mainImage?.thumbUrl} name={profile.name} size={44} />
        <div className="min-w-0">
          <h1 className="h5 mb-0 text-truncate">
            <Link to={`/members/${profile.id}`} className="text-body text-decoration-none">
              {profile.name}, {profile.age}
            </Link>
          </h1>
          <div className="small text-body-secondary" aria-live="polite">
            {isTyping ? <span className="typing-indicator">{t`${profile.name} is typing…`}</span> : profile.city}
          </div>
        </div>
      </header>

      <div
        className="chat-messages flex-grow-1 overflow-auto px-3 py-3"
        role="log"
        aria-label={t`Messages with ${profile.name}`}
        aria-live="polite"
      >
        {conversation.isLoading && conversationId !== null ? (
          <LoadingState />
        ) : conversation.error ? (
          <ErrorState message={errorText(conversation.error)} onRetry={() => void conversation.refetch()} />
        ) : messages.length === 0 && pending.length === 0 ? (
          <p className="text-center text-body-secondary my-5">
            <Trans>Say hello to {profile.name}!</Trans>
          </p>
        ) : null}
        {conversation.data?.hasMore && (
          <p className="text-center small text-body-secondary">
            <Trans>Older messages are no longer visible.</Trans>
          </p>
        )}
        <ol className="list-unstyled mb-0">
          {messages.map((m) => {
            const mine = m.senderId === me?.id;
            return (
              <li key={m.id} className={`d-flex mb-2 ${mine ? "justify-content-end" : ""}`}>
                <div className={`bubble ${mine ? "bubble-mine" : "bubble-theirs"} ${m.gift ? "bubble-gift" : ""}`}>
                  <span className="visually-hidden">{mine ? t`You:` : `${profile.name}:`}</span>
                  {m.gift ? (
                    <span className="bubble-text">
                      <span className="gift-symbol" aria-hidden="true">
                        <GiftArt gift={m.gift} size={64} />
                      </span>
                      <span className="small">
                        {(() => {
                          const g = GIFTS.find((x) => x.key === m.gift);
                          const giftName = g ? i18n._(g.name) : m.body;
                          return mine ? t`You sent a gift: ${giftName}` : t`A gift for you: ${giftName}`;
                        })()}
                      </span>
                    </span>
                  ) : (
                    <span className="bubble-text">{m.body}</span>
                  )}
                  <time className="bubble-time" dateTime={m.createdAt}>
                    {time.format(new Date(m.createdAt))}
                  </time>
                </div>
              </li>
            );
          })}
          {pending
            .filter((p) => !sentClientIds.has(p.clientId))
            .map((p) => (
              <li key={p.clientId} className="d-flex mb-2 justify-content-end">
                <div className={`bubble bubble-mine ${p.error ? "bubble-failed" : "bubble-pending"}`}>
                  <span className="bubble-text">{p.body}</span>
                  {p.error ? (
                    <span className="bubble-time">
                      {p.error}{" "}
                      <Button
                        variant="link"
                        size="sm"
                        className="p-0 text-white"
                        onClick={() => submit(p.body, p.clientId)}
                      >
                        <Trans>Retry</Trans>
                      </Button>
                    </span>
                  ) : (
                    <span className="bubble-time">{t`Sending…`}</span>
                  )}
                </div>
              </li>
            ))}
        </ol>
        <div ref={bottomRef} />
      </div>

      <footer className="chat-footer bg-white border-top px-3 py-2">
        {sendError && (
          <Alert variant="warning" dismissible onClose={() => setSendError(null)} className="py-2 mb-2">
            {sendError}
          </Alert>
        )}
        <Form
          onSubmit={(e) => {
            e.preventDefault();
            submit(draft);
          }}
        >
          <div className="d-flex gap-2 align-items-end">
            <Form.Group className="flex-grow-1" controlId="chat-message">
              <Form.Label className="small mb-1">
                <Trans>Your message</Trans>
              </Form.Label>
              <Form.Control
                as="textarea"
                rows={1}
                value={draft}
                onChange={(e) => {
                  setDraft(e.target.value);
                  notifyTyping();
                }}
                onKeyDown={onKeyDown}
                isInvalid={length > maxLength}
                className="chat-input"
              />
            </Form.Group>
            <Button
              variant="outline-primary"
              onClick={() => setGiftsOpen(true)}
              aria-label={t`Give a gift`}
              title={t`Give a gift`}
            >
              <GiftIcon size={20} />
            </Button>
            <Button type="submit" disabled={!draft.trim() || length > maxLength}>
              <Trans>Send</Trans>
            </Button>
          </div>
          <div className="d-flex justify-content-between align-items-center mt-1 small text-body-secondary flex-wrap gap-2">
            <Form.Check
              type="switch"
              id="send-with-enter"
              label={t`Send with Enter`}
              checked={me?.sendWithEnter ?? true}
              onChange={(e) => {
                const sendWithEnter = e.target.checked;
                utils.accounts.me.setData(undefined, (old) => old && { ...old, sendWithEnter });
                saveSettings.mutate({ sendWithEnter });
              }}
            />
            <span className="chat-cost">
              {me && !me.paidUser && me.freeMessagesLeft > 0
                ? t`${me.freeMessagesLeft} free messages left`
                : t`${cost} credits per message`}
            </span>
            <span
              className={length > maxLength ? "text-danger" : ""}
              aria-label={t`Characters: ${length} of ${maxLength}`}
            >
              {length}/{maxLength}
            </span>
          </div>
        </Form>
      </footer>
      <NotEnoughCreditsModal
        show={noCredits !== null}
        onClose={() => setNoCredits(null)}
        cost={noCredits === "gift" ? giftCost : cost}
        gift={noCredits === "gift"}
      />
      <PremiumOnlyModal show={premiumOnly !== null} onClose={() => setPremiumOnly(null)}>
        {premiumOnly}
      </PremiumOnlyModal>
      <GiftPicker
        show={giftsOpen}
        onClose={() => setGiftsOpen(false)}
        onPick={giveGift}
        cost={giftCost}
        name={profile.name}
        busy={sendGift.isPending}
      />
    </div>
  );
}
