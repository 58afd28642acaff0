import { useRef, useState } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";
import { paths } from "./paths";
import { blockedByState } from "../components/block-member-button";
import { isBlockingHere } from "../lib/api/use-block-member";
import { trpc } from "../lib/trpc";
import { useLiveEventsSubscription } from "../lib/api/use-live-events-subscription";
import { dispatchLiveEvent, type LiveEventOf } from "../lib/live-events";
import { MatchModal } from "../features/likes/components/match-modal";
import { NewLikeModal, type NewLikeProfile } from "../features/likes/components/new-like-modal";
import { useLike } from "../features/members/api/use-like";
import { useAddMessageToConversation } from "../features/chats/api/use-conversation";
import { wasSentHere } from "../features/chats/api/sent-here";

/**
 * The logged-in member's live stream (one subscription per tab), mounted by LiveProvider only
 * while a member is logged in and loaded with the first member screen, so a visitor's first load
 * carries none of it (issue 11): keeps lists and badges fresh, shows the 'new like' modal (§2, a
 * like received while online) and the 'it's a match' modal.
 * Renders the modals only (null otherwise).
 */
export function LiveMember() {
  const utils = trpc.useUtils();
  const addMessage = useAddMessageToConversation();
  const [match, setMatch] = useState<LiveEventOf<"match.new"> | null>(null);
  const [newLike, setNewLike] = useState<NewLikeProfile | null>(null);
  const likeBack = useLike();
  const navigate = useNavigate();
  const location = useLocation();
  // Where the tab is going, not only where it is: a navigation waiting for a lazy screen (the
  // blocker's own move to the chat list, with its notice) must not be replaced by the block's
  // live event, which would drop the notice (tests/e2e/safety-block.spec.ts on a slow machine).
  // Read at render time: a move that must be seen at once is drawn with `flushSync` (chat-view,
  // profile-page), not in a transition that a live event could come before.
  const pending = useNavigation().location;
  const pathRef = useRef(location.pathname);
  pathRef.current = pending?.pathname ?? location.pathname;

  useLiveEventsSubscription(true, {
    // A fresh stream starts at the newest event: whatever committed while the socket was (re)opening
    // is read back by refetching what the screens show.
    onStarted() {
      void utils.live.counters.invalidate();
      void utils.chats.invalidate();
      void utils.likes.invalidate();
      void utils.accounts.me.invalidate();
    },
    onData(envelope) {
      const event = envelope.data;
      dispatchLiveEvent(event);
      switch (event.type) {
        case "message.new": {
          // The conversation's cache is the one store of messages: the open chat shows it from there.
          addMessage(event.conversationId, event.message);
          // Sent from this tab: its answer already updated the list and the balance (useSendMessage).
          if (wasSentHere(event.message.clientId)) break;
          // A message from the member whose chat this tab shows: the chat marks it read at once
          // (useChatMessages), and that mark's own event refreshes the badges.
          const path = pathRef.current;
          const readHere =
            event.message.senderId === event.otherProfileId &&
            document.visibilityState === "visible" &&
            (path === `/chats/${event.conversationId}` || path === `/members/${event.otherProfileId}/chat`);
          if (!readHere) void utils.live.counters.invalidate();
          void utils.chats.list.invalidate();
          // Only the sender's balance moves: the member's other tabs read it again, a recipient has nothing to read.
          if (event.message.senderId === utils.accounts.me.getData()?.id) void utils.accounts.me.invalidate();
          break;
        }
        case "conversation.read":
        case "conversation.removed":
          void utils.live.counters.invalidate();
          void utils.chats.list.invalidate();
          break;
        case "like.new":
        case "likes.seen":
          void utils.live.counters.invalidate();
          void utils.likes.invalidate();
          if (event.type === "like.new") setNewLike(event.profile);
          break;
        case "match.new":
          void utils.live.counters.invalidate();
          void utils.likes.invalidate();
          setNewLike(null);
          setMatch(event);
          break;
        case "credits.changed":
          // A purchase, photo unlock or gift: balance, badge, premium, prices and photos change.
          void utils.accounts.me.invalidate();
          void utils.discounts.invalidate();
          void utils.credits.invalidate();
          if (event.reason === "purchase") void utils.members.invalidate();
          break;
        case "member.blocked": {
          // The tab that is blocking: its call's answer reads everything again and leaves the page
          // with the notice (use-block-member.ts); acting here first would drop that notice.
          if (event.byMe !== false && isBlockingHere(event.profileId)) break;
          // §4: a block (by either member) deleted the chats and likes between the two; every tab
          // drops them at once, and a tab showing that conversation or profile leaves it for the
          // chat list. Blocked by the other member, the list says why and offers a report (the
          // chat is kept for it); the blocker's own tab lands there with its own notice.
          void utils.live.counters.invalidate();
          void utils.chats.invalidate();
          void utils.likes.invalidate();
          void utils.members.invalidate();
          const path = pathRef.current;
          const onIt =
            event.conversationIds.some((id) => path === `/chats/${id}`) ||
            path === `/members/${event.profileId}` ||
            path === `/members/${event.profileId}/chat`;
          if (onIt)
            navigate(paths.chats, {
              replace: true,
              state: event.byMe === false ? blockedByState(event.profileId) : undefined,
            });
          break;
        }
        case "payment.updated":
          void utils.payments.invalidate();
          break;
        case "typing":
        case "conversation.seen":
          break; // the open chat listens itself (useLiveEvent)
        case "receipts.changed":
          void utils.chats.readReceipts.invalidate();
          void utils.chats.readReceiptsSetting.invalidate();
          break;
      }
    },
    onError(err) {
      // §4: a 403 authentication_required logs the member out.
      if (err.data?.httpStatus === 403) void utils.accounts.me.invalidate();
    },
  });

  return (
    <>
      {newLike && !match && (
        <NewLikeModal
          profile={newLike}
          onClose={() => setNewLike(null)}
          onImage={() => navigate(`/members/${newLike.id}`)}
          onButton={(profileId) => likeBack.mutate({ profileId })}
        />
      )}
      {match && <MatchModal profile={match.profile} onClose={() => setMatch(null)} />}
    </>
  );
}
