import { useState } from "react";
import { Button } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { ReportDialog } from "../../../components/ui/report-dialog";

/** "Report" on a profile (issue 10): opens the report dialog for this member. */
export function ReportProfileButton({ profileId, name }: { profileId: number; name: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="link" size="sm" className="text-body-secondary px-0" onClick={() => setOpen(true)}>
        <FlagIcon />
        <Trans>Report {name}</Trans>
      </Button>
      <ReportDialog
        show={open}
        onHide={() => setOpen(false)}
        target={{ subject: "profile", profileId }}
        title={t`Report ${name}`}
      />
    </>
  );
}

function FlagIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" className="me-1 align-text-bottom">
      <path fill="currentColor" d="M3 1v14h1.5V9.5h8L10.5 6l2-3.5h-8V1z" />
    </svg>
  );
}
