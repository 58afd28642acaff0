import { useRef } from "react";
import { Link, useNavigate } from "react-router";
import { Alert, Badge, Card } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { paths } from "../../../app/paths";
import { EmptyState, ErrorState, LoadingState } from "../../../components/ui/states";
import { useErrorText } from "../../../lib/errors";
import { useRepeatOptions } from "../api/use-repeat-options";
import { useRepeatOrder } from "../api/use-repeat-order";
import { MethodMark } from "../components/method-mark";
import { Money } from "../components/money";
import { methodLabel } from "../../../lib/payment-methods";
import "../credits.css";
import { dateTimeFormat } from "../../../lib/intl";
import { PendingButton } from "../../../components/ui/pending-button";
import { useFormatCount } from "../components/count";

/**
 * §2 /credits/repeat-order: buy an earlier package again with the stored method. A saved card is
 * charged at once; other methods go through the provider's checkout again. The outcome shows on
 * the payment's page (a declined card: retry or PayPal, §8).
 */
export function RepeatOrderPage() {
  const options = useRepeatOptions();
  const repeat = useRepeatOrder();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const { i18n } = useLingui();
  const count = useFormatCount();
  const keys = useRef(new Map<number, string>());
  const day = dateTimeFormat(i18n.locale, { dateStyle: "medium" });

  const buyAgain = (paymentId: number) => {
    // One key per repeated order, reused if the click is retried before an answer.
    if (!keys.current.has(paymentId)) keys.current.set(paymentId, crypto.randomUUID());
    repeat.mutate(
      { paymentId, idempotencyKey: keys.current.get(paymentId)! },
      {
        onSuccess: ({ payment, checkoutUrl }) => {
          keys.current.delete(paymentId);
          if (checkoutUrl) window.location.assign(checkoutUrl);
          else navigate(paths.transaction(payment.id));
        },
      },
    );
  };

  return (
    <section className="credits-page mx-auto" style={{ maxWidth: 720 }} aria-labelledby="repeat-title">
      <h1 id="repeat-title" className="h3 mb-1">
        <Trans>Repeat an order</Trans>
      </h1>
      <p className="text-body-secondary mb-4">
        <Trans>Buy the same package again with the same payment method.</Trans>
      </p>
      {repeat.error && (
        <Alert variant="danger" role="alert">
          {errorText(repeat.error)}
        </Alert>
      )}
      {options.isLoading ? (
        <LoadingState />
      ) : options.error ? (
        <ErrorState message={errorText(options.error)} onRetry={() => void options.refetch()} />
      ) : !options.data?.length ? (
        <EmptyState title={<Trans>No earlier order to repeat</Trans>}>
          <Link to={paths.credits} className="btn btn-primary">
            <Trans>See credit packages</Trans>
          </Link>
        </EmptyState>
      ) : (
        <ul className="list-unstyled d-grid gap-3">
          {options.data.map((o, i) => (
            <li key={o.paymentId}>
              <Card className={`border-0 shadow-sm ${i === 0 ? "border-start border-4 border-primary" : ""}`}>
                <Card.Body className="d-flex flex-column flex-sm-row align-items-sm-center gap-3 p-4">
                  <div className="flex-grow-1">
                    {i === 0 && (
                      <Badge bg="primary" className="mb-2">
                        <Trans>Your last order</Trans>
                      </Badge>
                    )}
                    <h2 className="h5 mb-1">
                      <Trans>{count(o.credits)} credits</Trans> · <Money cents={o.amountCents} currency={o.currency} />
                    </h2>
                    <p className="small text-body-secondary mb-0 d-flex align-items-center gap-2 flex-wrap">
                      <MethodMark method={o.method} />
                      {methodLabel(o.method, i18n)}
                      {o.cardLast4 && <span>•••• {o.cardLast4}</span>}
                    </p>
                    <p className="small text-body-secondary mb-0">
                      <Trans>bought on {day.format(new Date(o.boughtAt))}</Trans>
                    </p>
                    {o.oneClick && (
                      <p className="small text-success mb-0 mt-1">
                        <Trans>Charged to your saved card at once.</Trans>
                      </p>
                    )}
                  </div>
                  <PendingButton onClick={() => buyAgain(o.paymentId)} pending={repeat.isPending} className="flex-none">
                    <Trans>Buy again</Trans>
                  </PendingButton>
                </Card.Body>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
