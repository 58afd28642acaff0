import type { ReactNode } from "react";
import { Button } from "react-bootstrap";
import { Trans } from "@lingui/react/macro";
import { FictionalBadge } from "../../../components/ui/fictional-badge";
import type { RouterOutputs } from "../../../lib/router-types";
import { useOpenSignup } from "../../../lib/signup";

/** A member as a visitor sees them on a lander (landers.photos, landers.member). */
export type LanderCard = RouterOutputs["landers"]["photos"]["items"][number];

/**
 * One member's photo with name and age. `priority` marks the first visible image (no lazy
 * loading, fetchpriority high: it is the page's largest paint); the box keeps its size before the
 * image arrives (no layout shift). Fictional profiles keep their label (§3).
 */
export function PhotoTile({
  card,
  priority = false,
  thumb = false,
  caption = true,
  className = "",
}: {
  card: LanderCard;
  priority?: boolean;
  thumb?: boolean;
  caption?: boolean;
  className?: string;
}) {
  const src = thumb ? card.mainImage?.thumbUrl : card.mainImage?.url;
  return (
    <figure className={`lander-tile ${className}`}>
      {src ? (
        <img
          src={src}
          alt={`${card.name}, ${card.age}`}
          width={thumb ? 160 : 480}
          height={thumb ? 160 : 480}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : "auto"}
          decoding="async"
        />
      ) : (
        <span className="lander-tile-fallback" role="img" aria-label={`${card.name}, ${card.age}`}>
          {card.name.slice(0, 1).toUpperCase()}
        </span>
      )}
      {/* §3: a fictional profile never looks real, with or without its caption. */}
      {!caption && card.fictional && (
        <span className="lander-fictional-corner">
          <FictionalBadge compact />
        </span>
      )}
      {caption && (
        <figcaption>
          <span className="fw-semibold lander-tile-title">
            <span className="lander-tile-name">{card.name}</span>
            <span className="lander-tile-age">, {card.age}</span>
          </span>
          {card.city && <span className="d-block small opacity-75 text-truncate">{card.city}</span>}
          {card.fictional && <FictionalBadge compact className="mt-1" />}
        </figcaption>
      )}
    </figure>
  );
}

/** Placeholders of the tiles while the photos load (same boxes, so nothing moves when they arrive). */
export function TilePlaceholders({ count, className = "" }: { count: number; className?: string }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={`lander-tile lander-tile-placeholder ${className}`} aria-hidden="true" />
      ))}
    </>
  );
}

/** The signup form on a panel: the page's one way in (the form is the auth feature's, passed by the route). */
export function SignupPanel({ form, title, dark = false }: { form: ReactNode; title?: ReactNode; dark?: boolean }) {
  return (
    <section
      className={`lander-signup card border-0 shadow ${dark ? "lander-signup-dark" : ""}`}
      aria-labelledby="lander-signup-title"
    >
      <div className="card-body p-3 p-sm-4">
        <h2 id="lander-signup-title" className="h4 mb-3 text-center">
          {title ?? <Trans>Create your free account</Trans>}
        </h2>
        {form}
      </div>
    </section>
  );
}

/** A call to sign up that opens signup the §2 way (members: search; phones: the signup page; else the modal). */
export function SignupButton({
  children,
  variant = "primary",
  size = "lg",
  className = "",
}: {
  children?: ReactNode;
  variant?: string;
  size?: "sm" | "lg";
  className?: string;
}) {
  const openSignup = useOpenSignup();
  return (
    <Button size={size} variant={variant} className={`fw-semibold ${className}`} onClick={openSignup}>
      {children ?? <Trans>Sign up free</Trans>}
    </Button>
  );
}

/** The line under every lander: adults only, free signup. */
export function AdultsNote({ className = "" }: { className?: string }) {
  return (
    <p className={`small mb-0 ${className}`}>
      <span className="lander-18 me-2" aria-hidden="true">
        18+
      </span>
      <span className="visually-hidden">
        <Trans>Adults only.</Trans>
      </span>{" "}
      <Trans>Free signup. Confirm your e-mail address and start meeting people.</Trans>
    </p>
  );
}
