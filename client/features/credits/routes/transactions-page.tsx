import { Link } from "react-router";
import { Button, Card } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { paths } from "../../../app/paths";
import { EmptyState, ErrorState, LoadingState } from "../../../components/ui/states";
import { useErrorText } from "../../../lib/errors";
import { usePayments } from "../api/use-payments";
import { Money } from "../components/money";
import { PaymentStatusBadge } from "../components/payment-status-badge";
import { methodLabel } from "../../../lib/payment-methods";
import "../credits.css";
import { dateTimeFormat } from "../../../lib/intl";

/** §2 /transactions: the member's payments, newest first, each linking to its details. */
export function TransactionsPage() {
  const payments = usePayments();
  const errorText = useErrorText();
  const { t, i18n } = useLingui();
  const date = dateTimeFormat(i18n.locale, { dateStyle: "medium", timeStyle: "short" });
  const items = payments.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <section className="credits-page mx-auto" style={{ maxWidth: 860 }} aria-labelledby="transactions-title">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-4">
        <h1 id="transactions-title" className="h3 mb-0">
          <Trans>My payments</Trans>
        </h1>
        <Link to={paths.credits} className="btn btn-primary btn-sm">
          <Trans>Buy credits</Trans>
        </Link>
      </div>
      {payments.isLoading ? (
        <LoadingState />
      ) : payments.error ? (
        <ErrorState message={errorText(payments.error)} onRetry={() => void payments.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title={<Trans>No payments yet</Trans>}>
          <p>
            <Trans>Your credit purchases will be listed here.</Trans>
          </p>
          <Link to={paths.credits} className="btn btn-primary">
            <Trans>See credit packages</Trans>
          </Link>
        </EmptyState>
      ) : (
        <Card className="border-0 shadow-sm">
          <ul className="list-group list-group-flush" aria-label={t`Payments`}>
            {items.map((p) => (
              <li key={p.id} className="list-group-item p-0">
                <Link
                  to={paths.transaction(p.id)}
                  className="d-flex flex-wrap align-items-center gap-2 gap-md-4 px-3 py-3 text-body text-decoration-none"
                >
                  <span className="flex-grow-1">
                    <span className="fw-semibold d-block">
                      <Trans>{p.credits} credits</Trans>
                    </span>
                    <span className="small text-body-secondary">
                      {date.format(new Date(p.completedAt ?? p.createdAt))} · {methodLabel(p.method, i18n)} ·{" "}
                      <Trans>Payment ID {p.id}</Trans>
                    </span>
                  </span>
                  <span className="fw-semibold">
                    <Money cents={p.amountCents} currency={p.currency} />
                  </span>
                  <PaymentStatusBadge status={p.status} />
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
      {payments.hasNextPage && (
        <div className="text-center mt-3">
          <Button
            variant="outline-primary"
            onClick={() => void payments.fetchNextPage()}
            disabled={payments.isFetchingNextPage}
          >
            <Trans>Show older payments</Trans>
          </Button>
        </div>
      )}
    </section>
  );
}
