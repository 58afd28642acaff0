import { Button } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";

/** "Previous" / "Next" page buttons with the current page between them. */
export function Pager({
  page,
  pageCount,
  hasMore,
  busy,
  onPage,
}: {
  page: number;
  /** Known number of pages, or null when the total is capped. */
  pageCount: number | null;
  hasMore: boolean;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useLingui();
  if (page <= 1 && !hasMore) return null;
  return (
    <nav className="d-flex justify-content-between align-items-center mt-4 gap-2" aria-label={t`Result pages`}>
      <Button variant="outline-primary" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
        <span aria-hidden="true">‹ </span>
        <Trans>Previous</Trans>
      </Button>
      <span className="small text-body-secondary" aria-live="polite">
        {pageCount ? (
          <Trans>
            Page {page} of {pageCount}
          </Trans>
        ) : (
          <Trans>Page {page}</Trans>
        )}
      </span>
      <Button variant="outline-primary" disabled={!hasMore || busy} onClick={() => onPage(page + 1)}>
        <Trans>Next</Trans>
        <span aria-hidden="true"> ›</span>
      </Button>
    </nav>
  );
}
