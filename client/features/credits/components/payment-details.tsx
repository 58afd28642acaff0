import { Trans, useLingui } from "@lingui/react/macro";
import { Money } from "./money";
import { useFormatCount } from "./count";
import { PaymentStatusBadge } from "./payment-status-badge";
import { methodLabel } from "../../../lib/payment-methods";
import type { RouterOutputs } from "../../../lib/router-types";
import { dateTimeFormat } from "../../../lib/intl";

/** One payment as payments.get answers it (§3 Payment). */
export type PaymentDetailsView = RouterOutputs["payments"]["get"];

/** §3 Payment: payment_id, credits, amount, payment method, refund days — and the state (§4). */
export function PaymentDetails({ payment }: { payment: PaymentDetailsView }) {
  const { i18n } = useLingui();
  const count = useFormatCount();
  const date = dateTimeFormat(i18n.locale, { dateStyle: "medium", timeStyle: "short" });
  const day = dateTimeFormat(i18n.locale, { dateStyle: "medium" });
  return (
    <dl className="payment-details mb-0">
      <dt>
        <Trans>Payment ID</Trans>
      </dt>
      <dd className="font-monospace">{payment.id}</dd>
      <dt>
        <Trans>Status</Trans>
      </dt>
      <dd>
        <PaymentStatusBadge status={payment.status} />
      </dd>
      <dt>
        <Trans>Credits</Trans>
      </dt>
      <dd>{count(payment.credits)}</dd>
      <dt>
        <Trans>Amount</Trans>
      </dt>
      <dd>
        <Money cents={payment.amountCents} currency={payment.currency} />
        {payment.discountCode && (
          <span className="text-body-secondary small ms-2">
            <Trans>
              (<Money cents={payment.listAmountCents} currency={payment.currency} /> − {payment.discountPercentage}%
              with {payment.discountCode})
            </Trans>
          </span>
        )}
      </dd>
      <dt>
        <Trans>Payment method</Trans>
      </dt>
      <dd>
        {methodLabel(payment.method, i18n)}
        {payment.cardLast4 && <span className="text-body-secondary"> •••• {payment.cardLast4}</span>}
        {payment.recurring && (
          <span className="text-body-secondary small ms-2">
            <Trans>(repeat order)</Trans>
          </span>
        )}
      </dd>
      <dt>
        <Trans>Date</Trans>
      </dt>
      <dd>{date.format(new Date(payment.completedAt ?? payment.createdAt))}</dd>
      <dt>
        <Trans>Refund days</Trans>
      </dt>
      <dd>
        {payment.refundableUntil ? (
          <Trans>
            {payment.refundDays} days: unused credits can be refunded until{" "}
            {day.format(new Date(payment.refundableUntil))}
          </Trans>
        ) : (
          <Trans>{payment.refundDays} days after the payment</Trans>
        )}
      </dd>
    </dl>
  );
}
