import { useState, type ReactNode } from "react";
import { Button, Col, Container, Row } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLanderPhotos } from "../api/use-lander-photos";
import { headlineVariant } from "./headlines";
import { AdultsNote, PhotoTile, SignupButton, SignupPanel, TilePlaceholders, type LanderCard } from "./lander-parts";
import "./landers.css";

/** The §2 landers: three fixed pages and eight that take an optional slug. */
export const LANDER_NAMES = [
  "adultonly",
  "tinderswipe",
  "whoneedsstrings",
  "alonetonight",
  "collagelanding",
  "gallery",
  "iconslanding",
  "maplanding",
  "socialnetwork",
  "transitionsvideolanding",
  "video",
] as const;
export type LanderName = (typeof LANDER_NAMES)[number];

/** Each lander's own headline (a known slug replaces it, headlines.ts). */
const DEFAULT_HEADLINES: Record<LanderName, MessageDescriptor> = {
  adultonly: msg`Adults only: meet people who want the same`,
  tinderswipe: msg`Swipe, like, match`,
  whoneedsstrings: msg`Who needs strings?`,
  alonetonight: msg`Alone tonight?`,
  collagelanding: msg`So many singles, one of them is for you`,
  gallery: msg`Meet our members`,
  iconslanding: msg`Dating made simple`,
  maplanding: msg`Singles all around you`,
  socialnetwork: msg`The social network for singles`,
  transitionsvideolanding: msg`Your next date starts here`,
  video: msg`See who is waiting for you`,
};

/** Photos each lander shows. */
const PHOTO_COUNTS: Record<LanderName, number> = {
  adultonly: 6,
  tinderswipe: 8,
  whoneedsstrings: 8,
  alonetonight: 6,
  collagelanding: 12,
  gallery: 12,
  iconslanding: 6,
  maplanding: 8,
  socialnetwork: 4,
  transitionsvideolanding: 5,
  video: 4,
};

interface VariantProps {
  headline: string;
  cards: LanderCard[] | undefined;
  count: number;
  form: ReactNode;
}

/**
 * A §2 lander (issue 11): real members' public photos (landers.photos) and the signup form or a
 * button opening signup, on the lander layout. Mobile first: one column on phones, the form
 * beside the photos from md up. `signupForm` is the auth feature's form, passed by the route (the
 * landers feature does not import another feature).
 */
export function LanderPage({ name, slug, signupForm }: { name: LanderName; slug?: string; signupForm: ReactNode }) {
  const { i18n } = useLingui();
  const variant = headlineVariant(slug);
  const count = PHOTO_COUNTS[name];
  const photos = useLanderPhotos(count, variant?.gender);
  const props: VariantProps = {
    headline: i18n._(variant?.headline ?? DEFAULT_HEADLINES[name]),
    cards: photos.data?.items,
    count,
    form: signupForm,
  };
  const View = VARIANTS[name];
  return (
    <div className={`lander lander-${name}`}>
      <View {...props} />
    </div>
  );
}

/** The tiles, or their placeholders while loading. */
function Tiles({
  cards,
  count,
  thumb,
  caption,
  className,
  priorityFirst = true,
}: {
  cards: LanderCard[] | undefined;
  count: number;
  thumb?: boolean;
  caption?: boolean;
  className?: string;
  priorityFirst?: boolean;
}) {
  if (!cards) return <TilePlaceholders count={count} className={className} />;
  return (
    <>
      {cards.map((c, i) => (
        <PhotoTile
          key={c.id}
          card={c}
          priority={priorityFirst && i === 0}
          thumb={thumb}
          caption={caption}
          className={className}
        />
      ))}
    </>
  );
}

/** Photos beside the form (md up), above it on phones. */
function TwoColumns({ left, form, dark }: { left: ReactNode; form: ReactNode; dark?: boolean }) {
  return (
    <Container className="py-4 py-md-5">
      <Row className="g-4 align-items-start">
        <Col md={7}>{left}</Col>
        <Col md={5}>
          <SignupPanel form={form} dark={dark} />
        </Col>
      </Row>
    </Container>
  );
}

function AdultOnly({ headline, cards, count, form }: VariantProps) {
  return (
    <div className="lander-dark">
      <TwoColumns
        dark
        form={form}
        left={
          <>
            <p className="lander-18 lander-18-lg mb-3" aria-hidden="true">
              18+
            </p>
            <h1 className="display-6 fw-bold">{headline}</h1>
            <p className="lead">
              <Trans>A discreet place for adults to flirt, chat and meet. No one under 18 is allowed.</Trans>
            </p>
            <div className="lander-grid lander-grid-3">
              <Tiles cards={cards} count={count} />
            </div>
            <AdultsNote className="mt-3" />
          </>
        }
      />
    </div>
  );
}

/** A swipe deck with buttons (a keyboard alternative to swiping): like or pass, one member at a time. */
function TinderSwipe({ headline, cards, count, form }: VariantProps) {
  const { t } = useLingui();
  const [index, setIndex] = useState(0);
  const [liked, setLiked] = useState<LanderCard | null>(null);
  const current = cards?.[index % Math.max(1, cards.length)];
  const next = (like: boolean) => {
    if (like && current) setLiked(current);
    setIndex((i) => i + 1);
  };
  return (
    <Container className="py-4 py-md-5">
      <Row className="g-4 align-items-start justify-content-center">
        <Col md={6} lg={5}>
          <h1 className="h2 fw-bold text-center">{headline}</h1>
          <p className="text-center text-body-secondary">
            <Trans>Like the members you fancy. When it's mutual, it's a match.</Trans>
          </p>
          <div className="swipe-deck" aria-live="polite">
            {current ? (
              <PhotoTile key={current.id} card={current} priority={index === 0} className="swipe-card" />
            ) : (
              <TilePlaceholders count={Math.min(count, 1)} className="swipe-card" />
            )}
          </div>
          <div className="d-flex justify-content-center gap-4 mt-3">
            <Button
              variant="outline-secondary"
              className="swipe-btn"
              onClick={() => next(false)}
              disabled={!current}
              aria-label={current ? t`Pass ${current.name}` : t`Pass`}
            >
              <span aria-hidden="true">✕</span>
            </Button>
            <Button
              variant="primary"
              className="swipe-btn"
              onClick={() => next(true)}
              disabled={!current}
              aria-label={current ? t`Like ${current.name}` : t`Like`}
            >
              <span aria-hidden="true">♥</span>
            </Button>
          </div>
          {liked && (
            <p className="text-center fw-semibold mt-3" role="status">
              <Trans>You liked {liked.name}. Sign up to tell them.</Trans>
            </p>
          )}
        </Col>
        <Col md={6} lg={5}>
          <SignupPanel form={form} />
        </Col>
      </Row>
    </Container>
  );
}

function WhoNeedsStrings({ headline, cards, count }: VariantProps) {
  return (
    <>
      <section className="lander-brand text-center py-5 px-3">
        <h1 className="display-4 fw-bold">{headline}</h1>
        <p className="lead mb-4">
          <Trans>Casual dating for adults who know what they want.</Trans>
        </p>
        <SignupButton variant="light">
          <Trans>Join free</Trans>
        </SignupButton>
      </section>
      <Container className="py-4">
        {/* Scrolls sideways on phones: focusable, so the keyboard can scroll it too. */}
        <div className="lander-strip" tabIndex={0} role="region" aria-label={headline}>
          <Tiles cards={cards} count={count} thumb />
        </div>
        <AdultsNote className="text-center mt-3" />
      </Container>
    </>
  );
}

function AloneTonight({ headline, cards, count, form }: VariantProps) {
  return (
    <div className="lander-night">
      <TwoColumns
        dark
        form={form}
        left={
          <>
            <h1 className="display-5 fw-bold">{headline}</h1>
            <p className="lead">
              <Trans>You don't have to be. Members near you are looking for company this evening.</Trans>
            </p>
            <div className="lander-grid lander-grid-3 lander-round">
              <Tiles cards={cards} count={count} thumb />
            </div>
          </>
        }
      />
    </div>
  );
}

function Collage({ headline, cards, count, form }: VariantProps) {
  return (
    <div className="lander-collage">
      <div className="lander-collage-bg" aria-hidden="true">
        <Tiles cards={cards} count={count} caption={false} thumb priorityFirst={false} />
      </div>
      <Container className="position-relative py-5">
        <Row className="justify-content-center">
          <Col md={8} lg={6}>
            <h1 className="display-6 fw-bold text-center text-white lander-shadow-text mb-4">{headline}</h1>
            <SignupPanel form={form} />
          </Col>
        </Row>
      </Container>
    </div>
  );
}

function Gallery({ headline, cards, count }: VariantProps) {
  return (
    <Container className="py-4 py-md-5">
      <div className="d-flex flex-column flex-md-row align-items-md-center justify-content-between gap-3 mb-4">
        <div>
          <h1 className="h2 fw-bold mb-1">{headline}</h1>
          <p className="text-body-secondary mb-0">
            <Trans>Profiles on this site. Sign up free to see them in full and write to them.</Trans>
          </p>
        </div>
        <SignupButton />
      </div>
      <div className="lander-grid lander-grid-gallery">
        <Tiles cards={cards} count={count} />
      </div>
      <div className="text-center mt-4">
        <SignupButton>
          <Trans>See all members</Trans>
        </SignupButton>
      </div>
    </Container>
  );
}

const ICON_PATHS = {
  profile: "M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5Z",
  heart:
    "M12 21s-7.5-4.6-10-9.3C.4 8.6 2.3 4.5 6.2 4.5c2.2 0 3.5 1.2 4.3 2.4h3c.8-1.2 2.1-2.4 4.3-2.4 3.9 0 5.8 4.1 4.2 7.2C19.5 16.4 12 21 12 21Z",
  chat: "M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Z",
};

function Icons({ headline, cards, count, form }: VariantProps) {
  const steps: Array<{ icon: keyof typeof ICON_PATHS; title: ReactNode; text: ReactNode }> = [
    { icon: "profile", title: <Trans>Create your profile</Trans>, text: <Trans>Free, in under a minute.</Trans> },
    { icon: "heart", title: <Trans>Like who you fancy</Trans>, text: <Trans>A mutual like is a match.</Trans> },
    { icon: "chat", title: <Trans>Chat and meet</Trans>, text: <Trans>Live chat with your matches.</Trans> },
  ];
  return (
    <TwoColumns
      form={form}
      left={
        <>
          <h1 className="display-6 fw-bold">{headline}</h1>
          <ol className="list-unstyled lander-steps my-4">
            {steps.map((s) => (
              <li key={s.icon} className="d-flex gap-3 align-items-start mb-3">
                <span className="lander-icon" aria-hidden="true">
                  <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
                    <path fill="currentColor" d={ICON_PATHS[s.icon]} />
                  </svg>
                </span>
                <span>
                  <span className="d-block fw-semibold">{s.title}</span>
                  <span className="text-body-secondary">{s.text}</span>
                </span>
              </li>
            ))}
          </ol>
          <div className="lander-grid lander-grid-6 lander-round">
            <Tiles cards={cards} count={count} thumb caption={false} />
          </div>
        </>
      }
    />
  );
}

/**
 * Pin positions on the map (percent of its box), fixed so the page never moves: a loose 3 × 3
 * grid, so that on a phone (the map square, ~340 px) each pin with its badge and label keeps to
 * its own cell and stays inside the box (tests/e2e/landers.spec.ts).
 */
const PINS = [
  [18, 20],
  [52, 15],
  [82, 24],
  [20, 53],
  [50, 49],
  [80, 58],
  [30, 83],
  [64, 82],
] as const;

function MapLanding({ headline, cards, count, form }: VariantProps) {
  return (
    <TwoColumns
      form={form}
      left={
        <>
          <h1 className="display-6 fw-bold">{headline}</h1>
          <p className="lead">
            <Trans>Members from your region, a few clicks away.</Trans>
          </p>
          <div className="lander-map" role="group" aria-label={headline}>
            {(cards ?? []).slice(0, count).map((c, i) => {
              const [x, y] = PINS[i % PINS.length]!;
              return (
                <div key={c.id} className="lander-pin" style={{ left: `${x}%`, top: `${y}%` }}>
                  <PhotoTile card={c} thumb caption={false} priority={i === 0} />
                  <span className="lander-pin-label">{c.city ?? c.name}</span>
                </div>
              );
            })}
          </div>
        </>
      }
    />
  );
}

function SocialNetwork({ headline, cards, count, form }: VariantProps) {
  return (
    <TwoColumns
      form={form}
      left={
        <>
          <h1 className="h2 fw-bold">{headline}</h1>
          <p className="text-body-secondary">
            <Trans>See who is new, like their photos, start a conversation.</Trans>
          </p>
          {cards ? (
            <ul className="list-unstyled lander-feed">
              {cards.map((c, i) => (
                <li key={c.id} className="card border-0 shadow-sm mb-3">
                  <div className="card-body d-flex align-items-center gap-2 pb-2">
                    <span className="fw-semibold">
                      {c.name}, {c.age}
                    </span>
                    {c.city && <span className="text-body-secondary small">· {c.city}</span>}
                  </div>
                  <PhotoTile card={c} caption={false} priority={i === 0} className="lander-feed-photo" />
                  <div className="card-body pt-2 d-flex gap-2">
                    <SignupButton variant="outline-primary" size="sm">
                      <Trans>Like</Trans>
                    </SignupButton>
                    <SignupButton variant="outline-secondary" size="sm">
                      <Trans>Send a message</Trans>
                    </SignupButton>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <TilePlaceholders count={Math.min(count, 2)} className="lander-feed-photo" />
          )}
        </>
      }
    />
  );
}

/** Photos crossfading behind the headline (CSS only; still for visitors who prefer reduced motion). */
function TransitionsVideo({ headline, cards, count }: VariantProps) {
  return (
    <section className="lander-hero-media">
      <div className="lander-slides" aria-hidden="true">
        {(cards ?? []).slice(0, count).map((c, i) => (
          <img
            key={c.id}
            src={c.mainImage?.url}
            alt=""
            width={480}
            height={480}
            loading={i === 0 ? "eager" : "lazy"}
            fetchPriority={i === 0 ? "high" : "auto"}
            style={{ animationDelay: `${i * 4}s`, animationDuration: `${Math.max(1, cards!.length) * 4}s` }}
          />
        ))}
      </div>
      <div className="lander-hero-text text-center px-3">
        <h1 className="display-5 fw-bold">{headline}</h1>
        <p className="lead mb-4">
          <Trans>Thousands of singles, new faces every day.</Trans>
        </p>
        <SignupButton variant="light" />
        <AdultsNote className="mt-3" />
      </div>
    </section>
  );
}

/** A "video" hero: a poster image with a play button that opens signup (no video is sent). */
function Video({ headline, cards, form }: VariantProps) {
  const { t } = useLingui();
  const poster = cards?.[0];
  return (
    <Container className="py-4 py-md-5">
      <h1 className="h2 fw-bold text-center mb-4">{headline}</h1>
      <Row className="g-4 justify-content-center">
        <Col md={7}>
          <div className="lander-video">
            {poster ? <PhotoTile card={poster} priority caption={false} /> : <TilePlaceholders count={1} />}
            <SignupButton variant="light" className="lander-play">
              <span aria-hidden="true">▶</span>
              <span className="visually-hidden">{t`Sign up to watch`}</span>
            </SignupButton>
            {poster && (
              <p className="lander-video-caption mb-0">
                {poster.name}, {poster.age}
                {poster.city ? ` · ${poster.city}` : ""}
              </p>
            )}
          </div>
        </Col>
        <Col md={5}>
          <SignupPanel form={form} />
        </Col>
      </Row>
    </Container>
  );
}

const VARIANTS: Record<LanderName, (p: VariantProps) => ReactNode> = {
  adultonly: AdultOnly,
  tinderswipe: TinderSwipe,
  whoneedsstrings: WhoNeedsStrings,
  alonetonight: AloneTonight,
  collagelanding: Collage,
  gallery: Gallery,
  iconslanding: Icons,
  maplanding: MapLanding,
  socialnetwork: SocialNetwork,
  transitionsvideolanding: TransitionsVideo,
  video: Video,
};
