import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { Alert, Button, Modal } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { trpc } from "../lib/trpc";
import { useMe } from "../lib/api/use-me";
import { useOpenSignup } from "../lib/signup";
import { saveTrackingRecord, takeTrackingParams } from "../lib/tracking";
import { Avatar } from "../components/ui/avatar";
import { FictionalBadge } from "../components/ui/fictional-badge";
import { useLike } from "../features/members/api/use-like";

/** §2 `t`: longest delay accepted, in seconds (an hour; beyond it nobody is still on the page). */
const LIKE_MODAL_MAX_DELAY_SECONDS = 3600;

/** A message shown once on arrival (see UrlParams). */
type Notice = "signup-complete" | "reactivated" | "password-changed";

/**
 * The history state a page may hand the next one for a message (`navigate(to, { state })`): not
 * in the URL, so no link can make the site claim it happened.
 */
export interface NoticeState {
  notice?: "password-changed";
}

/** The query string without `names`, as "?a=1" or "". */
function without(search: string, names: string[]): string {
  const params = new URLSearchParams(search);
  for (const n of names) params.delete(n);
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}

/**
 * The §2 query parameters, on any page (mounted once by the router):
 * - tracking parameters (network, ref, sub, sub1–3, aff_sub…): kept in the `tracking` cookie
 *   (lib/tracking.ts) and removed from the URL at once;
 * - `t` (seconds): the like modal after that delay, then `t` is removed;
 * - `lb`: page-bounce logging for this page: leaving it (tab hidden or closed) before moving on
 *   within the site sends landers.pageBounce with the path and the seconds spent; removed from the URL;
 * - `api_signup_complete`: a completion message; removed from the URL;
 * - `reactivated` (beyond §2: /reactivate sends the member here, §4): "Welcome back! Your account
 *   is active again."; removed from the URL;
 * and the history state's `notice` (NoticeState): "password-changed" after a password reset
 * (/reset-password/do); removed from the state.
 * The URL is changed with a replace (no history entry).
 */
export function UrlParams() {
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useLingui();
  const [likeDelaySeconds, setLikeDelaySeconds] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [bounce, setBounce] = useState<{ path: string; sinceMs: number } | null>(null);
  const utils = trpc.useUtils();

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const remove: string[] = [];
    const tracking = takeTrackingParams(location.search);
    if (tracking.found) {
      if (tracking.record) {
        saveTrackingRecord(tracking.record);
        // §4 signups and logged-out search depend on the traffic source: ask again with the cookie.
        void utils.site.visitor.invalidate();
      }
    }
    if (params.has("api_signup_complete")) {
      setNotice("signup-complete");
      remove.push("api_signup_complete");
    }
    if (params.has("reactivated")) {
      setNotice("reactivated");
      remove.push("reactivated");
    }
    const { notice: stateNotice, ...otherState } = (location.state ?? {}) as NoticeState & Record<string, unknown>;
    if (stateNotice === "password-changed") setNotice("password-changed");
    if (params.has("lb")) {
      setBounce({ path: location.pathname, sinceMs: Date.now() });
      remove.push("lb");
    }
    const delay = params.get("t");
    if (delay !== null) {
      const seconds = /^\d{1,5}$/.test(delay) ? Number(delay) : NaN;
      // Kept in the URL until the modal shows (§2 "then is removed"); a bad value goes at once.
      if (seconds <= LIKE_MODAL_MAX_DELAY_SECONDS) setLikeDelaySeconds(seconds);
      else remove.push("t");
    }
    if (tracking.found || remove.length > 0 || stateNotice !== undefined) {
      navigate(
        { pathname: location.pathname, search: without(tracking.search, remove), hash: location.hash },
        { replace: true, state: stateNotice === undefined ? location.state : otherState },
      );
    }
  }, [location.search, location.pathname, location.hash, location.state, navigate, utils]);

  // lb: a page-bounce beacon when this page is left; moving to another page of the site is no bounce.
  useEffect(() => {
    if (!bounce) return;
    if (location.pathname !== bounce.path) {
      setBounce(null);
      return;
    }
    let sent = false;
    const send = () => {
      if (sent || document.visibilityState !== "hidden") return;
      sent = true;
      const seconds = Math.min(86_400, Math.round((Date.now() - bounce.sinceMs) / 1000));
      void fetch("/trpc/landers.pageBounce", {
        method: "POST",
        keepalive: true,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ path: bounce.path.slice(0, 200), seconds }),
      }).catch(() => {});
    };
    document.addEventListener("visibilitychange", send);
    window.addEventListener("pagehide", send);
    return () => {
      document.removeEventListener("visibilitychange", send);
      window.removeEventListener("pagehide", send);
    };
  }, [bounce, location.pathname]);

  return (
    <>
      {notice && (
        <div
          className="position-fixed top-0 start-50 translate-middle-x mt-5 px-3 w-100"
          style={{ zIndex: 1080, maxWidth: 480 }}
        >
          <Alert variant="success" dismissible onClose={() => setNotice(null)} closeLabel={t`Close`} role="status">
            {notice === "signup-complete" ? (
              <Trans>Your signup is complete. Welcome!</Trans>
            ) : notice === "reactivated" ? (
              <Trans>Welcome back! Your account is active again.</Trans>
            ) : (
              <Trans>Your password is changed. You were logged out on your other devices.</Trans>
            )}
          </Alert>
        </div>
      )}
      {likeDelaySeconds !== null && (
        <DelayedLikeModal
          delaySeconds={likeDelaySeconds}
          onShown={() =>
            navigate(
              { pathname: location.pathname, search: without(location.search, ["t"]), hash: location.hash },
              { replace: true, state: location.state },
            )
          }
          onClose={() => setLikeDelaySeconds(null)}
        />
      )}
    </>
  );
}

/**
 * §2 like modal after `t` seconds: a member to like — for a member the §7 auto-like pick
 * (likes.suggestion), for a visitor a member of the site (landers.photos), whose like opens
 * signup. Worded as a suggestion unless it is a like the member really received.
 */
function DelayedLikeModal({
  delaySeconds,
  onShown,
  onClose,
}: {
  delaySeconds: number;
  onShown: () => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const { me, isLoading } = useMe();
  const [due, setDue] = useState(false);
  const onShownRef = useRef(onShown);
  onShownRef.current = onShown;
  useEffect(() => {
    const timer = window.setTimeout(() => setDue(true), delaySeconds * 1000);
    return () => window.clearTimeout(timer);
  }, [delaySeconds]);
  const member = trpc.likes.suggestion.useQuery(undefined, { enabled: due && !!me });
  const visitor = trpc.landers.photos.useQuery({ count: 1 }, { enabled: due && !isLoading && !me });
  const like = useLike();
  const openSignup = useOpenSignup();
  const pick = me
    ? member.data && { profile: member.data.profile, received: member.data.kind === "received" }
    : visitor.data?.items[0] && { profile: visitor.data.items[0], received: false };
  const shown = due && !!pick;
  useEffect(() => {
    if (shown) onShownRef.current();
  }, [shown]);
  // Nothing to show (no member to suggest): the modal is dropped.
  const nothing = due && (me ? member.isSuccess && !member.data : visitor.isSuccess && !visitor.data.items[0]);
  useEffect(() => {
    if (nothing) {
      onShownRef.current();
      onClose();
    }
  }, [nothing, onClose]);
  if (!shown) return null;
  const { profile, received } = pick;
  return (
    <Modal show onHide={onClose} centered aria-labelledby="like-modal-title" contentClassName="text-center">
      <Modal.Header closeButton closeLabel={t`Close`} className="border-0" />
      <Modal.Body className="pt-0 pb-4 px-4">
        <h2 id="like-modal-title" className="h3 fw-bold text-primary">
          {received ? <Trans>Someone likes you</Trans> : <Trans>Someone you may like</Trans>}
        </h2>
        <div className="my-3">
          <Avatar src={profile.mainImage?.url} name={profile.name} size={140} />
        </div>
        <p className="h5">
          {profile.name}, {profile.age}
        </p>
        {profile.fictional && <FictionalBadge className="mb-3" />}
        <div className="d-flex gap-2 justify-content-center mt-3">
          <Button
            size="lg"
            onClick={() => {
              onClose();
              if (me) like.mutate({ profileId: profile.id });
              else openSignup();
            }}
          >
            <Trans>Like {profile.name}</Trans>
          </Button>
          <Button size="lg" variant="outline-secondary" onClick={onClose}>
            <Trans>Not now</Trans>
          </Button>
        </div>
      </Modal.Body>
    </Modal>
  );
}
