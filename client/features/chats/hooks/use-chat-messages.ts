import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { appCodeOf, type RouterError } from "../../../lib/trpc";
import { useLiveEvent } from "../../../lib/live-events";
import { TYPING_SHOW_MS } from "../../../lib/constants";
import { useConversation } from "../api/use-conversation";
import { useSendMessage } from "../api/use-send-message";
import { useSendGift } from "../api/use-send-gift";
import { useMarkRead } from "../api/use-mark-read";
import { rememberSentHere } from "../api/sent-here";
import type { GiftKey } from "../gifts";

/** A message on its way: shown as a bubble until the conversation holds it, or with its error. */
export interface PendingMessage {
  clientId: string;
  body: string;
  /** Why it failed (network, server); null while sending. Retry reuses the clientId. */
  error: RouterError | null;
}

/** How a send ended for the composer: sent, refused by a rule (nothing sent or charged), or failed (retry). */
export type SendOutcome = { kind: "sent" } | { kind: "refused"; error: RouterError } | { kind: "failed" };

/** Whether the page is shown (not a background tab or a locked phone): document.visibilityState. */
function subscribeToVisibility(onChange: () => void): () => void {
  document.addEventListener("visibilitychange", onChange);
  return () => document.removeEventListener("visibilitychange", onChange);
}
const pageVisible = () => document.visibilityState === "visible";

/**
 * The messages of the chat with `profileId` (§2 chat view, §4): the conversation's cached page
 * (live messages and sent ones are written into that cache), plus the bubbles still on their way.
 * Opening the chat marks it read (§4), and so does each message from the other member the open
 * chat shows while the page is visible, however it came (live, a catch-up after a reconnect, the
 * poll) and whenever the page is shown again after it came in the background. A chat started
 * here gets its conversation id from the first message.
 */
export function useChatMessages(profileId: number, initialConversationId: number | null) {
  const [conversationId, setConversationId] = useState(initialConversationId);
  const conversation = useConversation(conversationId);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const sendMessage = useSendMessage();
  const sendGiftMutation = useSendGift();
  const { mutate: markRead } = useMarkRead();

  useLiveEvent("message.new", (e) => {
    if (e.otherProfileId !== profileId) return;
    setConversationId((c) => c ?? e.conversationId);
  });

  const messages = conversation.data?.messages ?? [];
  // The newest message of the other member the chat shows, read once the page is visible.
  const visible = useSyncExternalStore(subscribeToVisibility, pageVisible, () => true);
  const latestFromThem = messages.findLast((m) => m.senderId === profileId)?.seq ?? null;
  const readUpTo = useRef<{ conversationId: number; seq: number } | null>(null);
  useEffect(() => {
    if (conversationId === null || latestFromThem === null || !visible) return;
    const read = readUpTo.current;
    if (read?.conversationId === conversationId && read.seq >= latestFromThem) return;
    readUpTo.current = { conversationId, seq: latestFromThem };
    markRead({ conversationId });
  }, [conversationId, latestFromThem, visible, markRead]);
  const stored = new Set(messages.map((m) => m.clientId));
  const onTheirWay = pending.filter((p) => !stored.has(p.clientId));

  /** Send `body` (trimmed); `clientId` again for a retry. */
  const send = async (body: string, clientId: string = crypto.randomUUID()): Promise<SendOutcome> => {
    setPending((p) => [...p.filter((x) => x.clientId !== clientId), { clientId, body, error: null }]);
    rememberSentHere(clientId);
    try {
      const result = await sendMessage.mutateAsync({ toProfileId: profileId, clientId, body });
      setConversationId(result.message.conversationId);
      return { kind: "sent" };
    } catch (err) {
      const error = err as RouterError;
      if (appCodeOf(error)) {
        setPending((p) => p.filter((x) => x.clientId !== clientId));
        return { kind: "refused", error };
      }
      setPending((p) => p.map((x) => (x.clientId === clientId ? { ...x, error } : x)));
      return { kind: "failed" };
    }
  };

  /**
   * §3 gift_credits: a gift is charged at once; the client id makes a retry safe. One at a time:
   * a second tap while one is on its way (a double tap, before the buttons show it pending) is
   * not a second gift.
   */
  const giftOnItsWay = useRef(false);
  const sendGift = async (gift: GiftKey): Promise<SendOutcome | null> => {
    if (giftOnItsWay.current) return null;
    giftOnItsWay.current = true;
    const clientId = crypto.randomUUID();
    rememberSentHere(clientId);
    try {
      const result = await sendGiftMutation.mutateAsync({ toProfileId: profileId, clientId, gift });
      setConversationId(result.message.conversationId);
      return { kind: "sent" };
    } catch (err) {
      return { kind: "refused", error: err as RouterError };
    } finally {
      giftOnItsWay.current = false;
    }
  };

  return {
    conversationId,
    conversation,
    messages,
    pending: onTheirWay,
    send,
    sendGift,
    giftBusy: sendGiftMutation.isPending,
  };
}

/** Whether the other member is typing now (§2 chat view; a `typing` event shows it for TYPING_SHOW_MS). */
export function useIsTyping(profileId: number): boolean {
  const [typingUntil, setTypingUntil] = useState(0);
  const [, rerender] = useState(0);
  useLiveEvent("typing", (e) => {
    if (e.profileId === profileId) setTypingUntil(Date.now() + TYPING_SHOW_MS);
  });
  useLiveEvent("message.new", (e) => {
    if (e.message.senderId === profileId) setTypingUntil(0);
  });
  useEffect(() => {
    const left = typingUntil - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => rerender((n) => n + 1), left + 10);
    return () => clearTimeout(timer);
  }, [typingUntil]);
  return typingUntil > Date.now();
}
