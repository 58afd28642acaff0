import { useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Alert, Button, Card, Col, Form, Row } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { paths } from "../../../app/paths";
import { EmptyState, ErrorState, LoadingState } from "../../../components/ui/states";
import { useErrorText } from "../../../lib/errors";
import { appCodeOf } from "../../../lib/trpc";
import { usePackages } from "../api/use-packages";
import { useStartPayment } from "../api/use-start-payment";
import { useDirectDebitState } from "../api/use-direct-debit-state";
import { usePaymentCountry } from "../hooks/use-payment-country";
import { MethodMark } from "../components/method-mark";
import { useFormatCount } from "../components/count";
import { Money } from "../components/money";
import { CARD_METHODS, methodLabel, methodNote } from "../../../lib/payment-methods";
import "../credits.css";

const DISCOUNT_ERRORS = new Set([
  "CODE_NOT_FOUND",
  "CODE_ALREADY_USED",
  "CODE_EXPIRED",
  "CODE_MINIMUM_ORDER",
  "CODE_WRONG_COUNTRY",
  "CODE_WRONG_PAYMENT_METHOD",
]);

/**
 * §2 /credits/{id}/{paymentmethod?}: the chosen package with its price (the active discount
 * applied), the methods of the payment country (§3), and 'Pay', which starts the payment and
 * sends the payer to the provider's checkout. sdd needs a confirmed direct debit first.
 */
export function PackageCheckoutPage() {
  const params = useParams();
  const navigate = useNavigate();
  const { i18n } = useLingui();
  const count = useFormatCount();
  const errorText = useErrorText();
  const [country] = usePaymentCountry();
  const packages = usePackages(country);
  const start = useStartPayment();
  const directDebit = useDirectDebitState();
  const packageId = Number(params.id);
  const data = packages.data;
  const pkg = data?.packages.find((p) => p.id === packageId);
  // The choice shows at once; the URL (§2 /credits/{id}/{paymentmethod}) follows it.
  const [picked, setPicked] = useState<string | null>(params.paymentmethod ?? null);
  const wanted = picked ?? params.paymentmethod ?? null;
  const method = wanted && data?.methods.includes(wanted as never) ? wanted : null;
  const [withoutDiscount, setWithoutDiscount] = useState(false);
  // One idempotency key per purchase attempt (package, method, discount): a retried click reuses it.
  const attempt = useRef<{ sig: string; key: string } | null>(null);

  if (packages.isLoading) return <LoadingState />;
  if (packages.error || !data)
    return <ErrorState message={errorText(packages.error)} onRetry={() => void packages.refetch()} />;
  if (!pkg) {
    return (
      <EmptyState title={<Trans>This credit package could not be found.</Trans>}>
        <Link to={paths.credits} className="btn btn-primary">
          <Trans>See all packages</Trans>
        </Link>
      </EmptyState>
    );
  }

  const discountCode = !withoutDiscount && pkg.discountedCents !== null && data.discount ? data.discount.code : null;
  const amount = discountCode ? pkg.discountedCents! : pkg.priceCents;
  const needsMandate = method === "sdd" && !directDebit.data?.mandate;
  const choose = (m: string) => {
    setPicked(m);
    navigate(`${paths.creditsPackage(pkg.id, m)}?country=${data.country}`, { replace: true });
  };

  const pay = () => {
    if (!method) return;
    const sig = `${pkg.id}:${method}:${data.country}:${discountCode ?? ""}`;
    if (attempt.current?.sig !== sig || start.isSuccess) attempt.current = { sig, key: crypto.randomUUID() };
    start.mutate(
      {
        packageId: pkg.id,
        method: method as "ideal",
        country: data.country,
        discountCode,
        idempotencyKey: attempt.current.key,
      },
      {
        onSuccess: ({ payment, checkoutUrl }) => {
          // To the provider's hosted checkout (it sends the payer back to /transactions/{id}).
          if (checkoutUrl) window.location.assign(checkoutUrl);
          else navigate(paths.transaction(payment.id));
        },
      },
    );
  };
  const code = start.error ? appCodeOf(start.error) : null;

  return (
    <section className="credits-page" aria-labelledby="checkout-title">
      <p className="mb-3">
        <Link to={`${paths.credits}?country=${data.country}`}>
          ← <Trans>All packages</Trans>
        </Link>
      </p>
      <h1 id="checkout-title" className="h3 mb-4">
        <Trans>Pay for {count(pkg.credits)} credits</Trans>
      </h1>
      <Row className="g-4">
        <Col lg={{ span: 5, order: 2 }}>
          <Card className="border-0 shadow-sm">
            <Card.Body className="p-4">
              <h2 className="h5 mb-3">
                <Trans>Your order</Trans>
              </h2>
              <dl className="payment-details mb-0">
                <dt>
                  <Trans>Credits</Trans>
                </dt>
                <dd>{count(pkg.credits)}</dd>
                <dt>
                  <Trans>Price</Trans>
                </dt>
                <dd>
                  <Money cents={pkg.priceCents} currency={pkg.currency} />
                </dd>
                {discountCode && (
                  <>
                    <dt>
                      <Trans>Discount</Trans>
                    </dt>
                    <dd>
                      {discountCode} (−{pkg.discountPercentage}%)
                    </dd>
                  </>
                )}
                <dt className="fw-bold text-body">
                  <Trans>To pay</Trans>
                </dt>
                <dd className="fw-bold fs-5">
                  <Money cents={amount} currency={pkg.currency} />
                </dd>
              </dl>
            </Card.Body>
          </Card>
        </Col>
        <Col lg={{ span: 7, order: 1 }}>
          <Form
            onSubmit={(e) => {
              e.preventDefault();
              pay();
            }}
          >
            <fieldset>
              <legend className="h5">
                <Trans>Payment method</Trans>
              </legend>
              <div className="d-grid gap-2">
                {data.methods.map((m) => {
                  const note = methodNote(m, i18n);
                  return (
                    <label key={m} className="method-option" htmlFor={`method-${m}`}>
                      <Form.Check.Input
                        type="radio"
                        id={`method-${m}`}
                        name="method"
                        value={m}
                        checked={method === m}
                        onChange={() => choose(m)}
                      />
                      <MethodMark method={m} />
                      <span className="method-option-text">
                        <span className="fw-semibold d-block">{methodLabel(m, i18n)}</span>
                        {note && <span className="small text-body-secondary d-block">{note}</span>}
                        {CARD_METHODS.has(m) && (
                          <span className="small text-body-secondary d-block">
                            <Trans>You can save the card for one-click repeat orders.</Trans>
                          </span>
                        )}
                      </span>
                    </label>
                  );
                })}
              </div>
            </fieldset>

            {method === "sdd" && (
              <Alert variant={needsMandate ? "info" : "light"} className="mt-3 mb-0">
                {directDebit.data?.blocked ? (
                  <Trans>Your account is blocked for direct debit.</Trans>
                ) : needsMandate ? (
                  <>
                    <Trans>Direct debit needs your bank details and a code we send by SMS, once.</Trans>{" "}
                    <Link
                      to={`${paths.directDebit}?next=${encodeURIComponent(`${paths.creditsPackage(pkg.id, "sdd")}?country=${data.country}`)}`}
                      className="alert-link"
                    >
                      <Trans>Set up direct debit</Trans>
                    </Link>
                  </>
                ) : (
                  <Trans>
                    Collected from {directDebit.data!.mandate!.ibanMasked} ({directDebit.data!.mandate!.accountHolder}).
                  </Trans>
                )}
              </Alert>
            )}

            {start.error && (
              <Alert variant="danger" className="mt-3 mb-0" role="alert">
                <p className="mb-0">{errorText(start.error)}</p>
                {code && DISCOUNT_ERRORS.has(code) && (
                  <Button
                    variant="link"
                    className="p-0 alert-link"
                    onClick={() => {
                      setWithoutDiscount(true);
                      start.reset();
                    }}
                  >
                    <Trans>Pay without the discount</Trans>
                  </Button>
                )}
                {code === "DIRECT_DEBIT_REQUIRED" && (
                  <Link to={paths.directDebit} className="alert-link">
                    <Trans>Set up direct debit</Trans>
                  </Link>
                )}
              </Alert>
            )}

            <Button
              type="submit"
              size="lg"
              className="w-100 mt-4"
              disabled={
                !method ||
                needsMandate ||
                (method === "sdd" && !!directDebit.data?.blocked) ||
                start.isPending ||
                start.isSuccess
              }
            >
              {start.isPending || start.isSuccess ? (
                <Trans>Taking you to the payment…</Trans>
              ) : method ? (
                <Trans>
                  Pay <Money cents={amount} currency={pkg.currency} />
                </Trans>
              ) : (
                <Trans>Choose a payment method</Trans>
              )}
            </Button>
            <p className="small text-body-secondary text-center mt-2 mb-0">
              <Trans>You are taken to our payment provider and come back here afterwards.</Trans>
            </p>
          </Form>
        </Col>
      </Row>
    </section>
  );
}
