import { Badge, Card } from "react-bootstrap";
import { Link } from "react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import type { RouterOutputs } from "../../../lib/router-types";
import { Money } from "./money";
import { useFormatCount } from "./count";

/** One package as credits.packages answers it (the router's own output type). */
export type PackageView = RouterOutputs["credits"]["packages"]["packages"][number];

/**
 * §2 package list item: credits, price (the list price struck through when the active discount
 * applies), what a message comes to, and the best-value marking.
 */
export function PackageCard({ pkg, messageCredits, to }: { pkg: PackageView; messageCredits: number; to: string }) {
  const { t } = useLingui();
  const count = useFormatCount();
  const messages = Math.floor(pkg.credits / Math.max(1, messageCredits));
  const titleId = `package-${pkg.id}-title`;
  return (
    <Card
      as="article"
      className={`package-card h-100 text-center ${pkg.bestValue ? "best-value" : ""}`}
      aria-labelledby={titleId}
    >
      {pkg.bestValue && (
        <Badge bg="primary" pill className="package-ribbon px-3 py-2">
          <Trans>Best value</Trans>
        </Badge>
      )}
      <Card.Body className="d-flex flex-column p-3 pt-4 p-md-4">
        <h2 id={titleId} className="h6 text-body-secondary text-uppercase mb-2">
          <span className="package-credits d-block mb-1">{count(pkg.credits)}</span>
          <Trans>credits</Trans>
        </h2>
        <p className="small text-body-secondary mb-3">
          <Trans>about {messages} messages</Trans>
        </p>
        <div className="mt-auto">
          {pkg.discountedCents !== null ? (
            <>
              <div className="package-list-price small">
                <span className="visually-hidden">{t`Regular price:`} </span>
                <Money cents={pkg.priceCents} currency={pkg.currency} />
              </div>
              <div className="package-price text-primary">
                <span className="visually-hidden">{t`Your price:`} </span>
                <Money cents={pkg.discountedCents} currency={pkg.currency} />
              </div>
              <Badge bg="success" className="mb-2">
                <Trans>{pkg.discountPercentage}% off</Trans>
              </Badge>
            </>
          ) : (
            <div className="package-price mb-2">
              <Money cents={pkg.priceCents} currency={pkg.currency} />
            </div>
          )}
          <p className="small text-body-secondary">
            <Trans>
              <Money cents={pkg.centsPerMessage} currency={pkg.currency} /> per message
            </Trans>
          </p>
          <Link
            to={to}
            className={`btn w-100 ${pkg.bestValue ? "btn-primary" : "btn-outline-primary"}`}
            aria-label={t`Choose ${count(pkg.credits)} credits`}
          >
            <Trans>Choose</Trans>
          </Link>
        </div>
      </Card.Body>
    </Card>
  );
}
