import { Link, Navigate } from "react-router";
import { Col, Row } from "react-bootstrap";
import { Trans } from "@lingui/react/macro";
import { useMe } from "../../../lib/api/use-me";
import { LoadingState } from "../../../components/ui/states";
import { useOpenSignup } from "../../../lib/signup";

/** §2 index: a welcome for visitors; logged-in members are taken to the member search. */
export function HomePage() {
  const { me, isLoading } = useMe();
  const openSignup = useOpenSignup();
  if (isLoading) return <LoadingState />;
  if (me) return <Navigate to="/members" replace />;
  return (
    <section className="hero rounded-4 p-4 p-md-5 text-center text-md-start">
      <Row className="align-items-center g-4">
        <Col md={7}>
          <h1 className="display-5 fw-bold">
            <Trans>Meet someone special today</Trans>
          </h1>
          <p className="lead">
            <Trans>Search members near you, like the ones you fancy, and chat live when it's a match.</Trans>
          </p>
          <div className="d-flex gap-2 justify-content-center justify-content-md-start flex-wrap">
            {/* §2 opening signup: the modal, or the signup page on a phone (lib/signup.ts). */}
            <a
              href="/signup"
              className="btn btn-light btn-lg fw-semibold"
              onClick={(e) => {
                e.preventDefault();
                openSignup();
              }}
            >
              <Trans>Sign up free</Trans>
            </a>
            <Link to="/login" className="btn btn-outline-light btn-lg">
              <Trans>Log in</Trans>
            </Link>
          </div>
        </Col>
        <Col md={5}>
          {/* A block centred on a phone (the hero is), its lines aligned with their hearts. */}
          <ul className="list-unstyled hero-points mb-0 d-inline-block text-start">
            <li>
              <Trans>Free signup, confirm by e-mail</Trans>
            </li>
            <li>
              <Trans>Likes and matches in real time</Trans>
            </li>
            <li>
              <Trans>Premium members have a 46% higher chance of finding a match</Trans>
            </li>
          </ul>
        </Col>
      </Row>
    </section>
  );
}
