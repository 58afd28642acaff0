import { useRef, useState, type PointerEvent } from "react";
import { Link } from "react-router";
import { Trans } from "@lingui/react/macro";
import { paths } from "../../../app/paths";
import { Avatar } from "../../../components/ui/avatar";
import { FictionalBadge } from "../../../components/ui/fictional-badge";
import { useEnumLabels } from "../enum-labels";
import type { ProfileCardData } from "./profile-card";

export type SwipeDirection = "left" | "right";

/** How far (px) a card must be dragged to count as a swipe; less snaps it back. */
const SWIPE_THRESHOLD_PX = 96;
/** Degrees of tilt per pixel dragged, for the feel of a card held in the hand. */
const TILT_DEG_PER_PX = 0.06;

/**
 * One card of the swipe game: the member's main photo, name, age and place. Dragging it with a
 * pointer (mouse, pen or finger) moves and tilts it (CSS transform); let go past
 * SWIPE_THRESHOLD_PX and `onSwipe` is called with the direction, otherwise it snaps back.
 * Vertical drags scroll the page (touch-action: pan-y). `exiting` flies the card out after a
 * decision; under prefers-reduced-motion the CSS drops the motion (swipe-game.css).
 * The card is not a button: the page's "Pass" and "Like" buttons and the arrow keys do the same.
 */
export function SwipeCard({
  profile,
  behind = false,
  exiting = null,
  onSwipe,
}: {
  profile: ProfileCardData;
  behind?: boolean;
  exiting?: SwipeDirection | null;
  onSwipe?: (direction: SwipeDirection) => void;
}) {
  const { country } = useEnumLabels();
  const place = [profile.city, country(profile.country)].filter(Boolean).join(", ");
  const start = useRef<{ x: number; y: number; pointerId: number } | null>(null);
  const [dx, setDx] = useState(0);
  const [dragging, setDragging] = useState(false);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!onSwipe || exiting) return;
    if (e.pointerType === "mouse" && e.button !== 0) return;
    // The profile link keeps its own click.
    if ((e.target as HTMLElement).closest("a")) return;
    start.current = { x: e.clientX, y: e.clientY, pointerId: e.pointerId };
    e.currentTarget.setPointerCapture(e.pointerId);
    setDragging(true);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!start.current || start.current.pointerId !== e.pointerId) return;
    setDx(e.clientX - start.current.x);
  };
  const end = (e: PointerEvent<HTMLDivElement>, cancelled: boolean) => {
    if (!start.current || start.current.pointerId !== e.pointerId) return;
    const moved = e.clientX - start.current.x;
    start.current = null;
    setDragging(false);
    if (!cancelled && Math.abs(moved) >= SWIPE_THRESHOLD_PX) {
      // The card waits where it was let go while the page decides (a like goes to the server);
      // then it flies out, or the page mounts it afresh.
      setDx(moved);
      onSwipe?.(moved > 0 ? "right" : "left");
    } else {
      setDx(0);
    }
  };

  const offset = exiting ? 0 : dx;
  // Under prefers-reduced-motion the card follows the pointer without tilting.
  const tilt =
    typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches
      ? 0
      : TILT_DEG_PER_PX;
  const hint = Math.min(1, Math.abs(offset) / SWIPE_THRESHOLD_PX);
  const className = [
    "swipe-card",
    behind ? "is-behind" : "",
    dragging ? "is-dragging" : "",
    exiting ? `is-exiting-${exiting}` : "",
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <div
      className={className}
      style={offset !== 0 ? { transform: `translateX(${offset}px) rotate(${offset * tilt}deg)` } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(e) => end(e, false)}
      onPointerCancel={(e) => end(e, true)}
      aria-hidden={behind || undefined}
      data-testid={behind ? undefined : "swipe-card"}
    >
      <div className="swipe-card-photo">
        {profile.mainImage ? (
          <img src={profile.mainImage.url} alt="" draggable={false} width={480} height={640} />
        ) : (
          <div className="swipe-card-avatar">
            <Avatar name={profile.name} size={120} />
          </div>
        )}
        {!behind && (
          <>
            <span
              className="swipe-stamp swipe-stamp-like"
              style={{ opacity: offset > 0 ? hint : 0 }}
              aria-hidden="true"
            >
              <Trans>Like</Trans>
            </span>
            <span
              className="swipe-stamp swipe-stamp-pass"
              style={{ opacity: offset < 0 ? hint : 0 }}
              aria-hidden="true"
            >
              <Trans>Pass</Trans>
            </span>
          </>
        )}
      </div>
      <div className="swipe-card-body">
        {behind ? (
          <span className="swipe-card-name">
            {profile.name}, {profile.age}
          </span>
        ) : (
          <h2 className="swipe-card-name h4 mb-0">
            <Link to={paths.member(profile.id)} className="text-reset text-decoration-none">
              {profile.name}, {profile.age}
            </Link>
          </h2>
        )}
        {place && <div className="swipe-card-place">{place}</div>}
        {profile.fictional && !behind && <FictionalBadge compact className="mt-1" />}
      </div>
    </div>
  );
}
