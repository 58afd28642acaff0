import { Badge } from "react-bootstrap";
import { useLingui } from "@lingui/react/macro";
import type { RouterOutputs } from "../../../lib/router-types";

/** A payment's state as payments.get and payments.list answer it. */
type Status = RouterOutputs["payments"]["get"]["status"];

/** §4 payment states as a badge: loading, pending (wait), completed, failed, cancelled. */
export function PaymentStatusBadge({ status }: { status: Status }) {
  const { t } = useLingui();
  const label: Record<Status, string> = {
    loading: t`Starting`,
    pending: t`Waiting for payment`,
    completed: t`Completed`,
    failed: t`Failed`,
    cancelled: t`Cancelled`,
  };
  const bg: Record<Status, string> = {
    loading: "secondary",
    pending: "warning",
    completed: "success",
    failed: "danger",
    cancelled: "secondary",
  };
  return (
    <Badge bg={bg[status]} text={status === "pending" ? "dark" : undefined} pill>
      {label[status]}
    </Badge>
  );
}
