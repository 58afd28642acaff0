import { Link } from "react-router";
import { Alert, Card, Col, Row } from "react-bootstrap";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { paths } from "../../../app/paths";
import { ErrorState, LoadingState } from "../../../components/ui/states";
import { GiftIcon } from "../../../components/ui/gift-icon";
import { useErrorText } from "../../../lib/errors";
import { useMe } from "../../../lib/api/use-me";
import { useTimeBonus } from "../../../lib/time-bonus";
import { usePackages } from "../api/use-packages";
import { usePayments } from "../api/use-payments";
import { usePaymentCountry } from "../hooks/use-payment-country";
import { DiscountCodeForm } from "../components/discount-code-form";
import { MethodMark } from "../components/method-mark";
import { Money } from "../components/money";
import { PackageCard } from "../components/package-card";
import { PaymentCountrySelect } from "../components/payment-country-select";
import { methodLabel } from "../../../lib/payment-methods";
import { useSiteSettings } from "../../../lib/api/use-site-settings";
import "../credits.css";
import { useFormatCount } from "../components/count";

/** The active discount above the packages: the time bonus with its countdown (§4), else the welcome code. */
function DiscountNotice({
  discount,
}: {
  discount: { code: string; percentage: number; source: "time_bonus" | "welcome_code" } | null;
}) {
  const bonus = useTimeBonus();
  if (!discount) return null;
  if (discount.source === "time_bonus" && bonus) {
    return (
      <div
        className="discount-banner p-3 p-md-4 mb-4 d-flex flex-column flex-md-row align-items-md-center gap-2 gap-md-4"
        role="status"
      >
        <GiftIcon size={40} className="text-primary flex-none" />
        <div>
          <p className="fw-bold mb-1">
            <Trans>Your welcome bonus: {bonus.percentage}% off your first package, already applied below.</Trans>
          </p>
          <p className="mb-0">
            <Trans>
              Act Fast, Only <span className="countdown">{bonus.timeLeft}</span> hours to Claim
            </Trans>
          </p>
        </div>
      </div>
    );
  }
  if (discount.source === "welcome_code") {
    return (
      <div className="discount-banner p-3 mb-4" role="status">
        <Trans>
          Discount code <strong>{discount.code}</strong> applied: {discount.percentage}% off where it is valid.
        </Trans>
      </div>
    );
  }
  return null;
}

/**
 * §2 /credits: the credit packages in the payment country's currency, with the best-value
 * marking and the active discount applied (§4: the time bonus, else the welcome discount code);
 * a discount code field; what credits buy and what premium gives.
 */
export function CreditsPage() {
  const { me } = useMe();
  const { t, i18n } = useLingui();
  const count = useFormatCount();
  const errorText = useErrorText();
  const [country, setCountry] = usePaymentCountry();
  const packages = usePackages(country);
  const premiumPhotos = useSiteSettings().data?.photo_limits.premium;
  const history = usePayments();
  const pending = history.data?.pages[0]?.items.find((p) => p.status === "pending" && p.checkoutUrl);
  const data = packages.data;

  return (
    <section className="credits-page" aria-labelledby="credits-title">
      <div className="d-flex flex-column flex-md-row justify-content-between align-items-md-end gap-3 mb-4">
        <div>
          <h1 id="credits-title" className="h2 fw-bold mb-1">
            <Trans>Buy credits</Trans>
          </h1>
          <p className="text-body-secondary mb-0">
            {me?.paidUser ? (
              <Trans>
                You have <Plural value={me.credits} one="# credit" other="# credits" />. Premium is yours for good.
              </Trans>
            ) : (
              <Trans>
                You have <Plural value={me?.credits ?? 0} one="# credit" other="# credits" />. Buying any package makes
                you a premium member.
              </Trans>
            )}
          </p>
        </div>
        {data && (
          <PaymentCountrySelect
            value={data.country}
            countries={data.countries}
            currency={data.currency}
            onChange={setCountry}
          />
        )}
      </div>

      {pending && (
        <Alert variant="warning" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
          <span>
            <Trans>
              You have an unfinished payment of <Money cents={pending.amountCents} currency={pending.currency} /> for{" "}
              {count(pending.credits)} credits.
            </Trans>
          </span>
          <Link to={paths.transaction(pending.id)} className="btn btn-sm btn-warning">
            <Trans>See the payment</Trans>
          </Link>
        </Alert>
      )}

      {packages.isLoading ? (
        <LoadingState />
      ) : packages.error || !data ? (
        <ErrorState message={errorText(packages.error)} onRetry={() => void packages.refetch()} />
      ) : (
        <>
          <DiscountNotice discount={data.discount} />
          <Row
            xs={2}
            lg={4}
            className="g-3 g-md-4 pt-2"
            as="ul"
            aria-label={t`Credit packages`}
            role="list"
            style={{ listStyle: "none", paddingLeft: 0 }}
          >
            {data.packages.map((pkg) => (
              <Col as="li" key={pkg.id}>
                <PackageCard
                  pkg={pkg}
                  messageCredits={data.messageCredits}
                  to={`${paths.creditsPackage(pkg.id)}?country=${data.country}`}
                />
              </Col>
            ))}
          </Row>

          <div className="d-flex flex-column flex-md-row justify-content-between gap-3 mt-4">
            <DiscountCodeForm />
            <nav aria-label={t`Payments`} className="d-flex flex-wrap gap-3 small">
              {me?.paidUser && (
                <Link to={paths.creditsRepeatOrder}>
                  <Trans>Repeat an order</Trans>
                </Link>
              )}
              <Link to={paths.transactions}>
                <Trans>My payments</Trans>
              </Link>
              <Link to={paths.directDebit}>
                <Trans>Direct debit</Trans>
              </Link>
            </nav>
          </div>

          <Row xs={1} md={2} className="g-4 mt-2">
            <Col>
              <Card className="h-100 border-0 shadow-sm">
                <Card.Body className="p-4">
                  <h2 className="h5">
                    <Trans>What credits buy</Trans>
                  </h2>
                  <ul className="mb-0">
                    <li>
                      <Trans>Messages: {data.messageCredits} credits each</Trans>
                    </li>
                    <li>
                      <Trans>Private photos and gifts in chat</Trans>
                    </li>
                    {premiumPhotos !== undefined && (
                      <li>
                        <Trans>
                          Premium for good with your first package: all photos, up to {premiumPhotos} photos of your
                          own, unlimited conversations
                        </Trans>
                      </li>
                    )}
                  </ul>
                </Card.Body>
              </Card>
            </Col>
            <Col>
              <Card className="h-100 border-0 shadow-sm">
                <Card.Body className="p-4">
                  <h2 className="h5">
                    <Trans>Pay safely</Trans>
                  </h2>
                  <p className="small text-body-secondary">
                    <Trans>Payment methods in your country:</Trans>
                  </p>
                  <ul className="list-unstyled d-flex flex-wrap gap-2 mb-3">
                    {data.methods.map((m) => (
                      <li key={m} className="d-flex align-items-center gap-1 small">
                        <MethodMark method={m} /> {methodLabel(m, i18n)}
                      </li>
                    ))}
                  </ul>
                  <p className="small mb-0">
                    <Link to={paths.returnPolicy}>
                      <Trans>Return policy</Trans>
                    </Link>
                  </p>
                </Card.Body>
              </Card>
            </Col>
          </Row>
        </>
      )}
    </section>
  );
}
