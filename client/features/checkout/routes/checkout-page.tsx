import { useState } from "react";
import { useParams } from "react-router";
import { Alert, Badge, Card, Form, Spinner } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatMoney } from "../../../lib/money";
import { methodLabel } from "../../../lib/payment-methods";
import { useCheckoutSession } from "../api/use-checkout-session";
import { useDecideCheckout, type CheckoutDecision } from "../api/use-decide-checkout";
import "../checkout.css";
import { PendingButton } from "../../../components/ui/pending-button";

/**
 * The built-in simulated payment provider's hosted checkout page (/checkout/{reference}). It
 * stands for a real provider's page: the payer approves, fails, cancels or leaves the payment
 * pending; the provider then tells the site by a signed webhook and sends the payer back to the
 * site's return page. Test cards: 4242 approves (and later repeat orders), 0341 approves now but
 * declines repeat orders.
 */
export function CheckoutPage() {
  const { reference = "" } = useParams();
  const session = useCheckoutSession(reference);
  const decide = useDecideCheckout(reference);
  const { t, i18n } = useLingui();
  const [card, setCard] = useState<"4242" | "0341">("4242");
  const [saveCard, setSaveCard] = useState(true);
  const s = session.data;

  const go = (decision: CheckoutDecision) =>
    decide.mutate(decision, { onSuccess: ({ returnUrl }) => window.location.assign(returnUrl) });

  return (
    <div className="sim-checkout w-100" style={{ maxWidth: 480 }}>
      <p className="text-center text-white mb-3 fw-semibold sim-brand">
        <span aria-hidden="true">◆</span> <Trans>SimPay test checkout</Trans>
      </p>
      <Card className="border-0 shadow-lg">
        <Card.Body className="p-4">
          <Badge bg="warning" text="dark" className="mb-3">
            <Trans>Test mode: no real money moves</Trans>
          </Badge>
          {session.isLoading ? (
            <div className="text-center py-4" role="status">
              <Spinner animation="border" />
              <span className="visually-hidden">
                <Trans>Loading…</Trans>
              </span>
            </div>
          ) : !s ? (
            <Alert variant="danger" className="mb-0">
              <Trans>This checkout does not exist.</Trans>
            </Alert>
          ) : (
            <>
              <h1 className="h5 mb-1">
                <Trans>Pay {s.merchantName}</Trans>
              </h1>
              <p className="text-body-secondary mb-3">{s.description}</p>
              <p className="display-6 fw-bold mb-3">{formatMoney(s.amountCents, s.currency, i18n.locale)}</p>
              <p className="mb-4">
                <Trans>Method:</Trans> <strong>{methodLabel(s.method, i18n)}</strong>
                {s.isDirectDebit && s.ibanMasked && (
                  <span className="d-block small text-body-secondary">
                    <Trans>Collected by direct debit from {s.ibanMasked}</Trans>
                  </span>
                )}
              </p>

              {s.status !== "pending" ? (
                <Alert variant="secondary" className="mb-3">
                  <Trans>This checkout is closed.</Trans>
                  <div className="mt-2">
                    <a href={s.returnUrl} className="alert-link">
                      <Trans>Back to {s.merchantName}</Trans>
                    </a>
                  </div>
                </Alert>
              ) : (
                <>
                  {s.isCard && (
                    <fieldset className="mb-3">
                      <legend className="fs-6 fw-semibold">
                        <Trans>Test card</Trans>
                      </legend>
                      <Form.Check
                        type="radio"
                        name="card"
                        id="card-4242"
                        checked={card === "4242"}
                        onChange={() => setCard("4242")}
                        label={t`4242 4242 4242 4242: approves, repeat orders too`}
                      />
                      <Form.Check
                        type="radio"
                        name="card"
                        id="card-0341"
                        checked={card === "0341"}
                        onChange={() => setCard("0341")}
                        label={t`4000 0000 0000 0341: approves now, declines repeat orders`}
                      />
                      <Form.Check
                        className="mt-2"
                        id="save-card"
                        checked={saveCard}
                        onChange={(e) => setSaveCard(e.target.checked)}
                        label={t`Remember this card for repeat orders`}
                      />
                    </fieldset>
                  )}
                  {decide.isError && (
                    <Alert variant="danger" role="alert">
                      <Trans>This checkout is closed or has expired.</Trans>
                    </Alert>
                  )}
                  <div className="d-grid gap-2">
                    <PendingButton
                      size="lg"
                      onClick={() => go({ outcome: "approve", ...(s.isCard ? { card, saveCard } : {}) })}
                      pending={decide.isPending}
                    >
                      <Trans>Pay {formatMoney(s.amountCents, s.currency, i18n.locale)}</Trans>
                    </PendingButton>
                    <PendingButton
                      variant="outline-danger"
                      onClick={() => go({ outcome: "fail" })}
                      pending={decide.isPending}
                    >
                      {s.isDirectDebit ? (
                        <Trans>Simulate a returned debit</Trans>
                      ) : (
                        <Trans>Simulate a failed payment</Trans>
                      )}
                    </PendingButton>
                    <PendingButton
                      variant="outline-secondary"
                      onClick={() => go({ outcome: "pending" })}
                      pending={decide.isPending}
                    >
                      <Trans>Decide later (leave it pending)</Trans>
                    </PendingButton>
                    <PendingButton variant="link" onClick={() => go({ outcome: "cancel" })} pending={decide.isPending}>
                      <Trans>Cancel and return to {s.merchantName}</Trans>
                    </PendingButton>
                  </div>
                </>
              )}
            </>
          )}
        </Card.Body>
      </Card>
    </div>
  );
}
