import { useState } from "react";
import { Link } from "react-router";
import { Alert, Button } from "react-bootstrap";
import { Plural, Trans } from "@lingui/react/macro";
import { TRPCClientError } from "@trpc/client";
import { paths } from "../../../app/paths";
import { useErrorText } from "../../../lib/errors";
import { appCodeOf } from "../../../lib/trpc";
import { useLikeStatus } from "../api/use-like-status";
import { useLike } from "../api/use-like";
import { useUnlike } from "../api/use-unlike";
import { Countdown } from "./countdown";

function secondsUntilReset(err: unknown): number | null {
  if (!(err instanceof TRPCClientError)) return null;
  const s = (err.data as { details?: { secondsUntilReset?: unknown } } | undefined)?.details?.secondsUntilReset;
  return typeof s === "number" ? s : null;
}

/**
 * The profile's actions (§4 likes): Like / Unlike, 'It's a match!' when the like is mutual,
 * the §8 daily-limit message with its countdown when a free member has no likes left, and
 * "Send message" to the chat with the member.
 */
export function LikeActions({ profileId, name }: { profileId: number; name: string }) {
  const status = useLikeStatus(profileId);
  const like = useLike();
  const unlike = useUnlike();
  const errorText = useErrorText();
  const [refusal, setRefusal] = useState<{ error: unknown; deadlineMs: number | null } | null>(null);
  const [likesLeft, setLikesLeft] = useState<number | null>(null);
  const liked = status.data?.liked ?? false;
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
        onSuccess: (r) => setLikesLeft(r.likesLeftToday),
        onError: (error) => {
          const s = appCodeOf(error) === "DAILY_LIKES_EXHAUSTED" ? secondsUntilReset(error) : null;
          setRefusal({ error, deadlineMs: s === null ? null : Date.now() + s * 1000 });
        },
      },
    );
  };

  return (
    <div className="member-actions">
      <div className="d-flex flex-wrap gap-2">
        <Button
          variant={liked ? "outline-primary" : "primary"}
          size="lg"
          className="member-like-btn"
          onClick={toggle}
          disabled={busy}
        >
          <span aria-hidden="true" className="me-2">
            {liked ? "♥" : "♡"}
          </span>
          {liked ? <Trans>Unlike</Trans> : <Trans>Like</Trans>}
        </Button>
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
        {likesLeft !== null && !status.data?.match && (
          <p className="small text-body-secondary mt-2 mb-0">
            <Plural value={likesLeft} one="# like left today" other="# likes left today" />
          </p>
        )}
      </div>
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
