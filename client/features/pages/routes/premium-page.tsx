import { Link } from "react-router";
import { Card, Col, Row } from "react-bootstrap";
import { Trans } from "@lingui/react/macro";

/** §2 /premium and /pricing: what premium gives (§1, §6); buying any credit package makes a member premium. */
export function PremiumPage() {
  return (
    <section aria-labelledby="premium-title">
      <div className="hero rounded-4 p-4 p-md-5 mb-4 text-center">
        <h1 id="premium-title" className="display-6 fw-bold">
          <Trans>Go Premium</Trans>
        </h1>
        <p className="lead mb-0">
          <Trans>Premium members have a 46% higher chance of finding a match.</Trans>
        </p>
      </div>
      <Row xs={1} md={2} className="g-4">
        <Col>
          <Card className="h-100 shadow-sm border-0">
            <Card.Body>
              <h2 className="h5">
                <Trans>Free member</Trans>
              </h2>
              <ul className="mb-0">
                <li><Trans>Search members, like and match</Trans></li>
                <li><Trans>4 likes per day</Trans></li>
                <li><Trans>3 free messages, start up to 2 conversations</Trans></li>
                <li><Trans>Up to 3 photos; other members' extra photos are blurred</Trans></li>
              </ul>
            </Card.Body>
          </Card>
        </Col>
        <Col>
          <Card className="h-100 shadow-sm border-primary">
            <Card.Body>
              <h2 className="h5 text-primary">
                <Trans>Premium member</Trans>
              </h2>
              <ul>
                <li><Trans>See all photos</Trans></li>
                <li><Trans>Unlimited likes and conversations</Trans></li>
                <li><Trans>Up to 25 photos on your profile</Trans></li>
                <li><Trans>Premium features stay yours even at 0 credits</Trans></li>
              </ul>
              <p className="small text-body-secondary">
                <Trans>Buying any credit package makes you premium. Messages are paid with credits.</Trans>
              </p>
              <Link to="/credits" className="btn btn-primary">
                <Trans>See credit packages</Trans>
              </Link>
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </section>
  );
}
