import { useMemo, useState } from "react";
import { Link } from "react-router";
import { Alert } from "react-bootstrap";
import { Plural, Trans } from "@lingui/react/macro";
import { TRPCClientError } from "@trpc/client";
import { paths } from "../../../app/paths";
import { useErrorText } from "../../../lib/errors";
import { appCodeOf, trpc } from "../../../lib/trpc";
import { useLikeStatus } from "../api/use-like-status";
import { useLike } from "../api/use-like";
import { useUnlike } from "../api/use-unlike";
import { useLikeQuota } from "../api/use-like-quota";
import { Countdown } from "./countdown";
import { PendingButton } from "../../../components/ui/pending-button";

function secondsUntilReset(err: unknown): number | null {
  if (!(err instanceof TRPCClientError)) return null;
  const s = (err.data as { details?: { secondsUntilReset?: unknown } } | undefined)?.details?.secondsUntilReset;
  return typeof s === "number" ? s : null;
}

/**
 * The profile's actions (§4 likes): Like / Unlike, 'It's a match!' when the like is mutual,
 * a free member's likes left today (§9, likes.quota), the §8 daily-limit message with its
 * countdown when none are left (shown as the page opens, with Like disabled, as the swipe game
 * does; or when a like is refused), and "Send message" to the chat with the member.
 */
export function LikeActions({ profileId, name }: { profileId: number; name: string }) {
  const status = useLikeStatus(profileId);
  const quota = useLikeQuota();
  const utils = trpc.useUtils();
  const like = useLike();
  const unlike = useUnlike();
  const errorText = useErrorText();
  const [refusal, setRefusal] = useState<{ error: unknown; deadlineMs: number | null } | null>(null);
  const liked = status.data?.liked ?? false;
  // null for a premium member (no daily limit) and while loading.
  const likesLeft = quota.data?.left ?? null;
  const { dataUpdatedAt } = quota;
  const quotaSeconds = quota.data?.secondsUntilReset;
  const renewsAtMs = useMemo(
    () => (quotaSeconds === undefined ? null : dataUpdatedAt + quotaSeconds * 1000),
    [dataUpdatedAt, quotaSeconds],
  );
  // No like left today and this member not liked: said before the member tries (§8 wording).
  const outOfLikes = !liked && likesLeft === 0 && refusal === null;
  const busy = like.isPending || unlike.isPending || status.isLoading;

  const toggle = () => {
    setRefusal(null);
    if (liked) {
      unlike.mutate({ profileId });
      return;
    }
    like.mutate(
      { profileId },
      {
        onSuccess: (r) => {
          const left = r.likesLeftToday;
          // A refetch under way may have read the count before this like: cancelled first.
          if (left !== null)
            void utils.likes.quota
              .cancel()
              .then(() => utils.likes.quota.setData(undefined, (old) => (old ? { ...old, left } : old)));
        },
        onError: (error) => {
          const s = appCodeOf(error) === "DAILY_LIKES_EXHAUSTED" ? secondsUntilReset(error) : null;
          setRefusal({ error, deadlineMs: s === null ? null : Date.now() + s * 1000 });
          if (s !== null) void utils.likes.quota.invalidate();
        },
      },
    );
  };

  return (
    <div className="member-actions">
      <div className="d-flex flex-wrap gap-2">
        <PendingButton
          variant={liked ? "outline-primary" : "primary"}
          size="lg"
          className="member-like-btn"
          onClick={toggle}
          // Out of likes it is inert but keeps the focus, as while a like is sent (PendingButton).
          pending={busy || outOfLikes}
          // Until the like status is known, the button's state (Like or Unlike) is not either.
          aria-busy={status.isLoading || undefined}
        >
          <span aria-hidden="true" className="me-2">
            {liked ? "♥" : "♡"}
          </span>
          {liked ? <Trans>Unlike</Trans> : <Trans>Like</Trans>}
        </PendingButton>
        <Link to={paths.memberChat(profileId)} className="btn btn-outline-primary btn-lg">
          <span aria-hidden="true" className="me-2">
            ✉
          </span>
          <Trans>Send message</Trans>
        </Link>
      </div>
      <div aria-live="polite">
        {status.data?.match ? (
          <p className="member-match mt-3 mb-0 fw-semibold text-primary">
            <Trans>It's a match!</Trans>{" "}
            <span className="fw-normal text-body">
              <Trans>You and {name} like each other.</Trans>
            </span>
          </p>
        ) : status.data?.likedMe ? (
          <p className="mt-3 mb-0 text-body-secondary">
            <Trans>{name} likes you. Like back to make it a match!</Trans>
          </p>
        ) : null}
        {likesLeft !== null && !outOfLikes && !status.data?.match && (
          <p className="small text-body-secondary mt-2 mb-0">
            <Plural value={likesLeft} one="# like left today" other="# likes left today" />
          </p>
        )}
      </div>
      {outOfLikes && quota.data && (
        <Alert variant="warning" className="mt-3 mb-0" role="status">
          {errorText({ appCode: "DAILY_LIKES_EXHAUSTED", details: { limit: quota.data.limit } })}
          {renewsAtMs !== null && <Countdown deadlineMs={renewsAtMs} />}
          <div className="mt-2">
            <Link to={paths.premium} className="alert-link">
              <Trans>Get Premium for unlimited likes</Trans>
            </Link>
          </div>
        </Alert>
      )}
      {(refusal || unlike.error) && (
        <Alert variant="warning" className="mt-3 mb-0" role="alert">
          {errorText(refusal?.error ?? unlike.error)}
          {refusal?.deadlineMs != null && <Countdown deadlineMs={refusal.deadlineMs} />}
          {refusal?.deadlineMs != null && (
            <div className="mt-2">
              <Link to={paths.premium} className="alert-link">
                <Trans>Get Premium for unlimited likes</Trans>
              </Link>
            </div>
          )}
        </Alert>
      )}
    </div>
  );
}
