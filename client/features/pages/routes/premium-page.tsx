import { Link } from "react-router";
import { Badge, Card, Col, Row } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatMoney } from "../../../lib/money";
import { integerFormat } from "../../../lib/intl";
import { LoadingState } from "../../../components/ui/states";
import { usePricing } from "../api/use-pricing";
import { useSiteSettings } from "../../../lib/api/use-site-settings";
import { useMe } from "../../../lib/api/use-me";

/** §2 /pricing: the real packages, priced for the member's (or the default) payment country. */
function PackagePrices() {
  const pricing = usePricing();
  const { t, i18n } = useLingui();
  if (pricing.isLoading) return <LoadingState />;
  const data = pricing.data;
  if (!data) return null;
  return (
    <section aria-labelledby="pricing-title" className="mt-5">
      <h2 id="pricing-title" className="h4 text-center mb-1">
        <Trans>Credit packages</Trans>
      </h2>
      <p className="text-center text-body-secondary mb-4">
        <Trans>A message costs {data.messageCredits} credits. Any package makes you premium, for good.</Trans>
      </p>
      <Row
        xs={1}
        sm={2}
        lg={4}
        className="g-3"
        as="ul"
        role="list"
        aria-label={t`Credit packages`}
        style={{ listStyle: "none", paddingLeft: 0 }}
      >
        {data.packages.map((p) => (
          <Col as="li" key={p.id}>
            <Card className={`h-100 text-center shadow-sm ${p.bestValue ? "border-primary border-2" : "border-0"}`}>
              <Card.Body>
                {p.bestValue && (
                  <Badge bg="primary" pill className="mb-2">
                    <Trans>Best value</Trans>
                  </Badge>
                )}
                <h3 className="h5 mb-1">
                  <Trans>{integerFormat(i18n.locale).format(p.credits)} credits</Trans>
                </h3>
                <p className="fs-4 fw-bold mb-1">
                  {formatMoney(p.discountedCents ?? p.priceCents, p.currency, i18n.locale)}
                </p>
                {p.discountedCents !== null && (
                  <p className="small text-body-secondary mb-0">
                    <s>{formatMoney(p.priceCents, p.currency, i18n.locale)}</s>{" "}
                    <Trans>{p.discountPercentage}% off</Trans>
                  </p>
                )}
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}

/** §2 /premium and /pricing: what premium gives (§1, §6); buying any credit package makes a member premium. */
export function PremiumPage() {
  const premiumPhotos = useSiteSettings().data?.photo_limits.premium;
  const { me } = useMe();
  return (
    <section aria-labelledby="premium-title">
      <div className="hero rounded-4 p-4 p-md-5 mb-4 text-center">
        {me?.paidUser ? (
          <>
            <h1 id="premium-title" className="display-6 fw-bold">
              <Trans>You are a premium member</Trans>
            </h1>
            <p className="lead mb-0">
              <Trans>Premium features stay yours even at 0 credits</Trans>
            </p>
          </>
        ) : (
          <>
            <h1 id="premium-title" className="display-6 fw-bold">
              <Trans>Go Premium</Trans>
            </h1>
            <p className="lead mb-0">
              <Trans>Premium members have a 46% higher chance of finding a match.</Trans>
            </p>
          </>
        )}
      </div>
      <Row xs={1} md={2} className="g-4">
        <Col>
          <Card className="h-100 shadow-sm border-0">
            <Card.Body>
              <h2 className="h5">
                <Trans>Free member</Trans>
              </h2>
              <ul className="mb-0">
                <li>
                  <Trans>Search members, like and match</Trans>
                </li>
                <li>
                  <Trans>4 likes per day</Trans>
                </li>
                <li>
                  <Trans>3 free messages, start up to 2 conversations</Trans>
                </li>
                <li>
                  <Trans>Up to 3 photos; other members' extra photos are blurred</Trans>
                </li>
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
                <li>
                  <Trans>See all photos</Trans>
                </li>
                <li>
                  <Trans>A Credits link with one-click repeat orders</Trans>
                </li>
                <li>
                  <Trans>Unlimited likes and conversations</Trans>
                </li>
                {premiumPhotos !== undefined && (
                  <li>
                    <Trans>Up to {premiumPhotos} photos on your profile</Trans>
                  </li>
                )}
                <li>
                  <Trans>Premium features stay yours even at 0 credits</Trans>
                </li>
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
      <PackagePrices />
    </section>
  );
}
