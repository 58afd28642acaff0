import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { Alert, Button } from "react-bootstrap";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { TRPCClientError } from "@trpc/client";
import { paths } from "../../../app/paths";
import { EmptyState, ErrorState, LoadingState } from "../../../components/ui/states";
import { useMe } from "../../../lib/api/use-me";
import { useErrorText } from "../../../lib/errors";
import { appCodeOf, trpc } from "../../../lib/trpc";
import { useLike } from "../api/use-like";
import { useLikeQuota } from "../api/use-like-quota";
import { useSearchMembers } from "../api/use-search-members";
import { defaultGenderFilter } from "../search-input";
import { useSentLikeIds } from "../api/use-sent-like-ids";
import { Countdown } from "../components/countdown";
import { SwipeCard, type SwipeDirection } from "../components/swipe-card";
import "../swipe-game.css";

/** Members fetched per page of the deck (the search's own page size limit is 50). */
const DECK_PAGE_SIZE = 30;
/** How many passed members are remembered on this device, so they are not offered again soon. */
const PASSED_MEMORY = 500;

function passedKey(memberId: number) {
  return `amora.swipe.passed.${memberId}`;
}

function readPassed(memberId: number): number[] {
  try {
    const raw = JSON.parse(localStorage.getItem(passedKey(memberId)) ?? "[]") as unknown;
    return Array.isArray(raw) ? raw.filter((n): n is number => Number.isInteger(n)).slice(-PASSED_MEMORY) : [];
  } catch {
    return [];
  }
}

function writePassed(memberId: number, ids: number[]) {
  try {
    localStorage.setItem(passedKey(memberId), JSON.stringify(ids.slice(-PASSED_MEMORY)));
  } catch {
    // Storage full or blocked: passing still works for this visit.
  }
}

function secondsUntilReset(err: unknown): number | null {
  if (!(err instanceof TRPCClientError)) return null;
  const s = (err.data as { details?: { secondsUntilReset?: unknown } } | undefined)?.details?.secondsUntilReset;
  return typeof s === "number" ? s : null;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Keys that must keep their own meaning: typing in a field, or a control that uses arrows. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/**
 * §2 /swipe-game: visible members one at a time (members.search: the search's visibility rules,
 * §4), newest active first, the gender the member looks for by default (else the other one).
 * Like or pass by swiping the card (pointer or touch), with the "Pass" and "Like" buttons, or
 * with the arrow keys (← pass, → like).
 * A like goes through likes.like, so the §9 daily limit of free members holds on the server;
 * when it is reached the game shows the §8 text 'You have no Swipes and Likes left for today …
 * Please wait: ' with the time left until the quota renews. Passes are remembered on this device.
 * What a choice leads to (a match, a refused like such as an unconfirmed e-mail address) is shown
 * under the buttons and scrolled into view, where the member is looking; the buttons keep the
 * focus while a like is on its way. Card and buttons fit one screen (swipe-game.css).
 */
export function SwipeGamePage() {
  const { me } = useMe();
  const { t } = useLingui();
  const errorText = useErrorText();
  const utils = trpc.useUtils();
  const quota = useLikeQuota();
  const sent = useSentLikeIds();
  const like = useLike();
  const memberId = me?.id ?? 0;
  const gender = defaultGenderFilter(me);
  const [page, setPage] = useState(1);
  const search = useSearchMembers({ gender, page, pageSize: DECK_PAGE_SIZE });
  const [passed, setPassed] = useState<number[]>(() => readPassed(memberId));
  const [handled, setHandled] = useState<Set<number>>(() => new Set());
  const [exiting, setExiting] = useState<SwipeDirection | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [match, setMatch] = useState<{ id: number; name: string } | null>(null);
  const [limitDeadlineMs, setLimitDeadlineMs] = useState<number | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  // Bumped when a like fails for another reason: the card is mounted afresh, back in the middle.
  const [attempt, setAttempt] = useState(0);
  const busy = useRef(false);
  const limitRef = useRef<HTMLDivElement>(null);
  const feedbackRef = useRef<HTMLDivElement>(null);
  /** A choice was made on this visit (so the limit replaced a card the member was using). */
  const played = useRef(false);

  const passedSet = useMemo(() => new Set(passed), [passed]);
  const deck = useMemo(
    () =>
      (search.data?.items ?? []).filter(
        (p) => !handled.has(p.id) && !passedSet.has(p.id) && !sent.ids.has(p.id) && p.id !== memberId,
      ),
    [search.data, handled, passedSet, sent.ids, memberId],
  );
  const current = deck[0] ?? null;
  const next = deck[1] ?? null;

  // This page of the deck is used up: fetch the next one.
  useEffect(() => {
    if (!search.data || search.isPlaceholderData || sent.isLoading) return;
    if (deck.length === 0 && search.data.hasMore) setPage((p) => p + 1);
  }, [deck.length, search.data, search.isPlaceholderData, sent.isLoading]);

  // No likes left when the game opens (§8): say so at once, with the time left.
  const quotaLeft = quota.data?.left;
  const quotaSeconds = quota.data?.secondsUntilReset;
  useEffect(() => {
    if (quotaLeft === 0 && quotaSeconds !== undefined) setLimitDeadlineMs(Date.now() + quotaSeconds * 1000);
  }, [quotaLeft, quotaSeconds]);

  const finish = useCallback((id: number, direction: SwipeDirection, after: () => void) => {
    const done = () => {
      setHandled((h) => new Set(h).add(id));
      setExiting(null);
      busy.current = false;
      after();
    };
    if (prefersReducedMotion()) {
      done();
    } else {
      setExiting(direction);
      window.setTimeout(done, 220);
    }
  }, []);

  const decide = useCallback(
    (direction: SwipeDirection) => {
      if (!current || busy.current || limitDeadlineMs !== null) return;
      busy.current = true;
      played.current = true;
      setFailure(null);
      const profile = current;
      if (direction === "left") {
        finish(profile.id, "left", () => {
          setPassed((old) => {
            const nextPassed = [...old.filter((id) => id !== profile.id), profile.id].slice(-PASSED_MEMORY);
            writePassed(memberId, nextPassed);
            return nextPassed;
          });
          setAnnouncement(t`You passed on ${profile.name}.`);
        });
        return;
      }
      like.mutate(
        { profileId: profile.id },
        {
          onSuccess: (r) => {
            if (r.likesLeftToday !== null) {
              const left = r.likesLeftToday;
              // A refetch under way (the live stream's catch-up as the socket connects) may have
              // started before this like: cancel it first, or its older count would replace this one.
              void utils.likes.quota
                .cancel()
                .then(() => utils.likes.quota.setData(undefined, (old) => (old ? { ...old, left } : old)));
            }
            finish(profile.id, "right", () => {
              if (r.match) {
                setMatch({ id: profile.id, name: profile.name });
                setAnnouncement(t`It's a match! You and ${profile.name} like each other.`);
              } else {
                setMatch(null);
                setAnnouncement(t`You liked ${profile.name}.`);
              }
            });
          },
          onError: (error) => {
            busy.current = false;
            if (appCodeOf(error) === "DAILY_LIKES_EXHAUSTED") {
              const s = secondsUntilReset(error) ?? quota.data?.secondsUntilReset ?? 0;
              setLimitDeadlineMs(Date.now() + s * 1000);
              void utils.likes.quota
                .cancel()
                .then(() => utils.likes.quota.setData(undefined, (old) => (old ? { ...old, left: 0 } : old)));
              return;
            }
            // The member can no longer be liked (hidden, blocked, gone): move on to the next one.
            if (appCodeOf(error) === "NOT_FOUND" || appCodeOf(error) === "BLOCKED") {
              setHandled((h) => new Set(h).add(profile.id));
              return;
            }
            setFailure(error);
            setAttempt((a) => a + 1);
          },
        },
      );
    },
    [current, finish, like, limitDeadlineMs, memberId, quota.data?.secondsUntilReset, t, utils.likes.quota],
  );

  // The keyboard alternative to swiping: ← passes, → likes (not while typing in a field). The
  // listener calls the decide of the card on screen: it is updated in a layout effect, before the
  // browser paints that card, so an arrow pressed as soon as a card shows is never lost to the
  // previous render's decide (a passive effect would run only after the paint).
  const decideRef = useRef(decide);
  useLayoutEffect(() => {
    decideRef.current = decide;
  }, [decide]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      if (isTypingTarget(e.target)) return;
      if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
        e.preventDefault();
        decideRef.current(e.key === "ArrowLeft" ? "left" : "right");
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  // While a like is on its way or the card flies out, the buttons wait: aria-disabled rather than
  // disabled, so the focused button keeps the focus (decide ignores presses meanwhile).
  const waiting = like.isPending || exiting !== null;
  const loading = search.isLoading || sent.isLoading || quota.isLoading;
  const outOfLikes = limitDeadlineMs !== null;

  // A refused like or a match is told under the buttons: bring it into view (a phone shows little
  // more than the card and the buttons). Focus stays on the button; the alert is announced.
  useEffect(() => {
    if (failure == null && !match) return;
    feedbackRef.current?.scrollIntoView({ block: "nearest", behavior: prefersReducedMotion() ? "auto" : "smooth" });
  }, [failure, match, attempt]);

  // The card and its buttons are gone: keep focus (and the view) on what replaced them.
  useEffect(() => {
    if (!outOfLikes || !limitRef.current || !played.current) return;
    const hadFocusInGame = document.activeElement === document.body || document.activeElement?.closest(".swipe-game");
    if (hadFocusInGame) limitRef.current.focus({ preventScroll: true });
    limitRef.current.scrollIntoView({ block: "nearest" });
  }, [outOfLikes]);

  // The outcome of the last choice, placed under the buttons (or above what replaced the card).
  const feedback = (match || failure != null) && (
    <div ref={feedbackRef} className="swipe-feedback">
      {match && (
        <Alert
          variant="success"
          className="swipe-match"
          onClose={() => setMatch(null)}
          dismissible
          closeLabel={t`Close`}
        >
          <strong>
            <Trans>It's a match!</Trans>
          </strong>{" "}
          <Trans>You and {match.name} like each other.</Trans>{" "}
          <Link to={paths.memberChat(match.id)} className="alert-link">
            <Trans>Send a message</Trans>
          </Link>
        </Alert>
      )}
      {failure != null && (
        // A new alert for each refused attempt, so a repeated tap is announced (and seen) again.
        <Alert key={attempt} variant="danger" role="alert" className="swipe-refusal mb-0">
          {errorText(failure)}
        </Alert>
      )}
    </div>
  );

  return (
    <section aria-labelledby="swipe-title" className="swipe-game">
      <h1 id="swipe-title" className="h3 mb-1">
        <Trans>Swipe game</Trans>
      </h1>
      <p className="text-body-secondary mb-2">
        <Trans>Like or pass. When someone you like likes you back, it's a match.</Trans>
      </p>
      {quota.data && !outOfLikes && (
        <p className="small fw-semibold text-primary mb-3" data-testid="likes-left">
          <Plural value={quota.data.left} one="# like left today" other="# likes left today" />
        </p>
      )}

      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>

      {outOfLikes ? (
        <>
          {feedback}
          <Alert
            ref={limitRef}
            tabIndex={-1}
            variant="warning"
            role="alert"
            className="swipe-limit"
            data-testid="swipe-limit"
          >
            <p className="mb-2">
              <Trans>
                You have no Swipes and Likes left for today. Tomorrow you can have another go! Please wait:{" "}
              </Trans>
              <Countdown deadlineMs={limitDeadlineMs} />
            </p>
            <div className="d-flex flex-wrap gap-3">
              <Link to={paths.premium} className="alert-link">
                <Trans>Get Premium for unlimited likes</Trans>
              </Link>
              <Link to={paths.matchFinder} className="alert-link">
                <Trans>Open the match finder</Trans>
              </Link>
            </div>
          </Alert>
        </>
      ) : loading ? (
        <LoadingState />
      ) : search.error ? (
        <ErrorState message={errorText(search.error)} onRetry={() => void search.refetch()} />
      ) : !current ? (
        search.isFetching ? (
          <LoadingState />
        ) : (
          <>
            {feedback}
            <EmptyState title={<Trans>You have seen everyone for now</Trans>}>
              <p>
                <Trans>New members join every day. Meanwhile, look for more with the match finder.</Trans>
              </p>
              <Link to={paths.matchFinder} className="btn btn-primary">
                <Trans>Open the match finder</Trans>
              </Link>
            </EmptyState>
          </>
        )
      ) : (
        <div className="swipe-stage">
          <div className="swipe-deck">
            {next && <SwipeCard key={next.id} profile={next} behind />}
            <SwipeCard key={`${current.id}:${attempt}`} profile={current} exiting={exiting} onSwipe={decide} />
          </div>
          <div className="swipe-actions" role="group" aria-label={t`Your choice`}>
            <Button
              variant="outline-secondary"
              size="lg"
              className={`swipe-btn swipe-btn-pass${waiting ? " disabled" : ""}`}
              onClick={() => decide("left")}
              aria-disabled={waiting || undefined}
              aria-keyshortcuts="ArrowLeft"
            >
              <span aria-hidden="true" className="swipe-btn-icon">
                ✕
              </span>
              <Trans>Pass</Trans>
            </Button>
            <Button
              variant="primary"
              size="lg"
              className={`swipe-btn swipe-btn-like${waiting ? " disabled" : ""}`}
              onClick={() => decide("right")}
              aria-disabled={waiting || undefined}
              aria-keyshortcuts="ArrowRight"
            >
              <span aria-hidden="true" className="swipe-btn-icon">
                ♥
              </span>
              <Trans>Like</Trans>
            </Button>
          </div>
          {feedback}
          {/* The arrow keys are offered where a keyboard is likely (a mouse or trackpad), not on a phone. */}
          <p className="swipe-hint small text-body-secondary text-center mt-2 mb-0">
            <span className="swipe-hint-touch">
              <Trans>Swipe the photo: left to pass, right to like.</Trans>
            </span>
            <span className="swipe-hint-keys">
              <Trans>Swipe the photo, or use the arrow keys: ← pass, → like.</Trans>
            </span>
          </p>
        </div>
      )}
    </section>
  );
}
