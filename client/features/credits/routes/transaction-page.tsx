import { useEffect, useRef } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Alert, Card, Spinner } from "react-bootstrap";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { paths } from "../../../app/paths";
import { EmptyState, ErrorState, LoadingState } from "../../../components/ui/states";
import { useErrorText } from "../../../lib/errors";
import { useMe } from "../../../lib/api/use-me";
import { appCodeOf } from "../../../lib/trpc";
import { usePayment } from "../api/use-payment";
import { useCancelPayment } from "../api/use-cancel-payment";
import { useRepeatOrder } from "../api/use-repeat-order";
import { PaymentDetails } from "../components/payment-details";
import "../credits.css";
import { PendingButton } from "../../../components/ui/pending-button";
import { useFormatCount } from "../components/count";

/**
 * §2 /transactions/{id}: one payment, and the page the provider sends the payer back to. While
 * the payment is loading or pending it polls (§4 'pending (wait)'); completed shows the credits
 * added; failed or cancelled shows 'Payment failed or has been cancelled.' and offers another
 * method; a failed recurring card payment offers a retry or PayPal (§8).
 */
export function TransactionPage() {
  const params = useParams();
  const raw = Number(params.id);
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const payment = usePayment(id);
  const cancel = useCancelPayment();
  const repeat = useRepeatOrder();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const { me } = useMe();
  const { t } = useLingui();
  const count = useFormatCount();
  const p = payment.data;
  const heading = useRef<HTMLHeadingElement>(null);

  // Settled (usePayment reads the balance, premium and prices again): move focus to the outcome for screen readers.
  const settled = p && p.status !== "pending" && p.status !== "loading";
  useEffect(() => {
    if (settled) heading.current?.focus();
  }, [settled]);

  if (id === null || (payment.error && appCodeOf(payment.error) === "NOT_FOUND")) {
    return (
      <EmptyState title={<Trans>This payment could not be found.</Trans>}>
        <Link to={paths.transactions} className="btn btn-primary">
          <Trans>My payments</Trans>
        </Link>
      </EmptyState>
    );
  }
  if (payment.isLoading) return <LoadingState />;
  if (payment.error || !p)
    return <ErrorState message={errorText(payment.error)} onRetry={() => void payment.refetch()} />;

  const retryRecurring = () =>
    repeat.mutate(
      { idempotencyKey: crypto.randomUUID() },
      {
        onSuccess: (r) =>
          r.checkoutUrl ? window.location.assign(r.checkoutUrl) : navigate(paths.transaction(r.payment.id)),
      },
    );

  return (
    <section className="credits-page mx-auto" style={{ maxWidth: 720 }} aria-labelledby="payment-title">
      <Card className="border-0 shadow-sm mb-4">
        <Card.Body className="p-4 p-md-5 text-center" aria-live="polite">
          {(p.status === "loading" || p.status === "pending") && (
            <>
              <Spinner animation="border" variant="primary" className="mb-3" role="presentation" />
              <h1 id="payment-title" className="h3" ref={heading} tabIndex={-1}>
                <Trans>Waiting for your payment…</Trans>
              </h1>
              <p className="text-body-secondary">
                <Trans>This page updates by itself as soon as the payment provider confirms.</Trans>
              </p>
              <div className="d-flex flex-wrap justify-content-center gap-2">
                {p.checkoutUrl && (
                  <a href={p.checkoutUrl} className="btn btn-primary">
                    <Trans>Continue to payment</Trans>
                  </a>
                )}
                {p.status === "pending" && (
                  <PendingButton
                    variant="outline-secondary"
                    onClick={() => cancel.mutate({ paymentId: p.id })}
                    pending={cancel.isPending}
                  >
                    <Trans>Cancel payment</Trans>
                  </PendingButton>
                )}
              </div>
            </>
          )}
          {p.status === "completed" && (
            <>
              <div className="payment-status-icon ok mb-3" aria-hidden="true">
                ✓
              </div>
              <h1 id="payment-title" className="h3" ref={heading} tabIndex={-1}>
                <Trans>Payment completed: {count(p.credits)} credits added</Trans>
              </h1>
              <p className="text-body-secondary">
                {me?.paidUser ? <Trans>You are a premium member: all photos are open to you.</Trans> : null}{" "}
                <Trans>
                  Your balance: <Plural value={me?.credits ?? p.credits} one="# credit" other="# credits" />.
                </Trans>
              </p>
              <div className="d-flex flex-wrap justify-content-center gap-2">
                <Link to={paths.members} className="btn btn-primary">
                  <Trans>Search members</Trans>
                </Link>
                <Link to={paths.chats} className="btn btn-outline-primary">
                  <Trans>Messages</Trans>
                </Link>
              </div>
            </>
          )}
          {(p.status === "failed" || p.status === "cancelled") && (
            <>
              <div className="payment-status-icon bad mb-3" aria-hidden="true">
                ✕
              </div>
              {p.failureReason === "recurring_declined" ? (
                <>
                  <h1 id="payment-title" className="h3" ref={heading} tabIndex={-1}>
                    <Trans>Recurring card payment failed</Trans>
                  </h1>
                  <p className="text-body-secondary">
                    <Trans>Your bank declined the charge to your saved card. Try again, or pay with PayPal.</Trans>
                  </p>
                  <div className="d-flex flex-wrap justify-content-center gap-2">
                    <PendingButton onClick={retryRecurring} pending={repeat.isPending}>
                      <Trans>Try again</Trans>
                    </PendingButton>
                    <Link
                      to={`${paths.creditsPackage(p.packageId, "paypal")}?country=${p.country}`}
                      className="btn btn-outline-primary"
                    >
                      <Trans>Pay with PayPal</Trans>
                    </Link>
                  </div>
                  {repeat.error && (
                    <Alert variant="danger" className="mt-3 mb-0">
                      {errorText(repeat.error)}
                    </Alert>
                  )}
                </>
              ) : (
                <>
                  <h1 id="payment-title" className="h3" ref={heading} tabIndex={-1}>
                    <Trans>Payment failed or has been cancelled.</Trans>
                  </h1>
                  <p className="text-body-secondary">
                    {p.failureReason === "expired" ? (
                      <Trans>The payment was not finished in time.</Trans>
                    ) : (
                      <Trans>No money was taken. You can try again with another method.</Trans>
                    )}
                  </p>
                  <Link to={`${paths.creditsPackage(p.packageId)}?country=${p.country}`} className="btn btn-primary">
                    <Trans>Try another method</Trans>
                  </Link>
                </>
              )}
            </>
          )}
          {cancel.error && (
            <Alert variant="danger" className="mt-3 mb-0">
              {errorText(cancel.error)}
            </Alert>
          )}
        </Card.Body>
      </Card>

      <Card className="border-0 shadow-sm">
        <Card.Body className="p-4">
          <h2 className="h5 mb-3">
            <Trans>Payment details</Trans>
          </h2>
          <PaymentDetails payment={p} />
        </Card.Body>
      </Card>
      <p className="mt-3">
        <Link to={paths.transactions} aria-label={t`All my payments`}>
          ← <Trans>My payments</Trans>
        </Link>
      </p>
    </section>
  );
}
