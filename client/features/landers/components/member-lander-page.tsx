import type { ReactNode } from "react";
import { Col, Container, Row } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { LoadingState, ErrorState } from "../../../components/ui/states";
import { FictionalBadge } from "../../../components/ui/fictional-badge";
import { appCodeOf } from "../../../lib/trpc";
import { useErrorText } from "../../../lib/errors";
import { useLanderMember } from "../api/use-lander-member";
import { useLanderPhotos } from "../api/use-lander-photos";
import { headlineVariant } from "./headlines";
import { AdultsNote, PhotoTile, SignupButton, SignupPanel, TilePlaceholders } from "./lander-parts";
import "./landers.css";
import { countryName } from "../../../lib/intl";

/** §2 /members/{id}/landing, /signup, /landing2/{slug?}, /landing3/{slug?}. */
export type MemberLanderKind = "landing" | "signup" | "landing2" | "landing3";

/**
 * A member's profile as a landing page (§2, issue 11): their public main photo, name, age and
 * place (landers.member), with the signup form (landing, signup, landing3) or a button opening
 * signup and more members (landing2). An unknown member, or one hidden from visitors by the
 * visibility rule, shows `notFound` (the §2 404 page). A slug picks a headline (headlines.ts).
 */
export function MemberLanderPage({
  id,
  kind,
  slug,
  signupForm,
  notFound,
}: {
  id: number;
  kind: MemberLanderKind;
  slug?: string;
  signupForm: ReactNode;
  notFound: ReactNode;
}) {
  const { i18n } = useLingui();
  const errorText = useErrorText();
  const q = useLanderMember(id);
  const others = useLanderPhotos(7, headlineVariant(slug)?.gender);
  if (!Number.isInteger(id) || id <= 0 || appCodeOf(q.error) === "NOT_FOUND") return <>{notFound}</>;
  // BLOCKED (§8): a block stands between the logged-in viewer and this member; retrying cannot help.
  if (q.error)
    return (
      <ErrorState
        message={errorText(q.error)}
        onRetry={appCodeOf(q.error) === "BLOCKED" ? undefined : () => void q.refetch()}
      />
    );
  if (!q.data) return <LoadingState />;
  const m = q.data;
  const variant = headlineVariant(slug);
  const headline = variant ? i18n._(variant.headline) : null;
  const place = [m.city, m.country && countryName(m.country, i18n.locale)].filter(Boolean).join(", ");
  const more = (others.data?.items ?? []).filter((c) => c.id !== m.id).slice(0, 6);

  const intro = (
    <>
      <h1 className="display-6 fw-bold mb-1">{headline ?? `${m.name}, ${m.age}`}</h1>
      {headline && (
        <p className="h5 fw-semibold mb-1">
          {m.name}, {m.age}
        </p>
      )}
      {place && <p className="text-body-secondary mb-2">{place}</p>}
      {m.fictional && <FictionalBadge className="mb-2" />}
      <p className="lead">
        <Trans>Sign up free to see {m.name}'s profile and send a message.</Trans>
      </p>
    </>
  );
  const photo = <PhotoTile card={m} priority caption={false} className="member-lander-photo" />;

  if (kind === "landing3") {
    return (
      <div className="lander member-lander-full">
        <div className="member-lander-bg" aria-hidden="true">
          {m.mainImage && <img src={m.mainImage.url} alt="" width={480} height={480} />}
        </div>
        <Container className="position-relative py-5">
          <Row className="g-4 align-items-center">
            <Col md={6} className="text-white lander-shadow-text">
              <div className="mb-3" style={{ maxWidth: 200 }}>
                {photo}
              </div>
              {intro}
            </Col>
            <Col md={6}>
              <SignupPanel form={signupForm} />
            </Col>
          </Row>
        </Container>
      </div>
    );
  }
  if (kind === "landing2") {
    return (
      <Container className="lander py-4 py-md-5">
        <Row className="g-4 align-items-center">
          <Col md={5}>{photo}</Col>
          <Col md={7}>
            {intro}
            <SignupButton>
              <Trans>Say hello to {m.name}</Trans>
            </SignupButton>
            <AdultsNote className="mt-3 text-body-secondary" />
          </Col>
        </Row>
        <h2 className="h5 mt-5 mb-3">
          <Trans>More members</Trans>
        </h2>
        <div className="lander-grid lander-grid-6">
          {others.data ? more.map((c) => <PhotoTile key={c.id} card={c} thumb />) : <TilePlaceholders count={6} />}
        </div>
      </Container>
    );
  }
  // landing and signup: the member beside the form; /signup puts the form first on phones.
  return (
    <Container className="lander py-4 py-md-5">
      <Row className="g-4 align-items-start">
        <Col md={6} className={kind === "signup" ? "order-2 order-md-1" : undefined}>
          <div className="d-flex flex-column flex-sm-row flex-md-column gap-3">
            <div className="member-lander-photo-wrap">{photo}</div>
            <div>{intro}</div>
          </div>
        </Col>
        <Col md={6} className={kind === "signup" ? "order-1 order-md-2" : undefined}>
          <SignupPanel
            form={signupForm}
            title={kind === "signup" ? <Trans>Sign up to write to {m.name}</Trans> : undefined}
          />
        </Col>
      </Row>
    </Container>
  );
}
