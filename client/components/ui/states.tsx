import type { ReactNode } from "react";
import { Alert, Button, Spinner } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";

/** Loading state of a screen. */
export function LoadingState({ label }: { label?: string }) {
  const { t } = useLingui();
  return (
    <div className="d-flex justify-content-center py-5" role="status" aria-live="polite">
      <Spinner animation="border" variant="primary" />
      <span className="visually-hidden">{label ?? t`Loading…`}</span>
    </div>
  );
}

/** Empty state of a list. */
export function EmptyState({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="text-center text-body-secondary py-5 px-3 empty-state">
      <div className="empty-state-icon" aria-hidden="true">
        ♡
      </div>
      <h2 className="h5 mt-3">{title}</h2>
      {children && <div className="mt-2">{children}</div>}
    </div>
  );
}

/** Error state of a screen, with a retry. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Alert variant="danger" className="my-4" role="alert">
      <p className="mb-2">{message}</p>
      {onRetry && (
        <Button variant="outline-danger" size="sm" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      )}
    </Alert>
  );
}
