import { useState } from "react";
import { Button } from "react-bootstrap";
import { useLingui } from "@lingui/react/macro";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { ReportDialog } from "../../../components/ui/report-dialog";

type SafetyHint = "phone" | "email" | "link" | "money";

const HINTS: Record<SafetyHint, MessageDescriptor> = {
  phone: msg`This message contains a phone number. Get to know someone here first before you share yours.`,
  email: msg`This message contains an e-mail address. Be careful what you share outside this site.`,
  link: msg`This message contains a link. Do not open links from people you do not know well, and never enter your password.`,
  money: msg`This message may ask for money or gift cards. Never send money or gift card codes to someone you have not met.`,
};

/**
 * The in-chat safety hint (issue 10): a short warning under a received message that contains a
 * phone number, an e-mail address, a link or a request for money (detected by the server, the
 * `safety` of the message). The message itself is shown as written.
 */
export function SafetyHintNote({ hints }: { hints: readonly string[] | undefined }) {
  const { i18n } = useLingui();
  const known = (hints ?? []).filter((h): h is SafetyHint => h in HINTS);
  if (known.length === 0) return null;
  return (
    <div className="chat-safety-hint small mt-1 px-2 py-1 rounded" role="note" data-testid="safety-hint">
      <ShieldIcon />
      {known.map((h) => i18n._(HINTS[h])).join(" ")}
    </div>
  );
}

/** "Report" on one received message: opens the report dialog for it (the server keeps a copy). */
export function ReportMessageButton({
  conversationId,
  seq,
  otherName,
}: {
  conversationId: number;
  seq: number;
  otherName: string;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="link"
        size="sm"
        className="chat-report-message p-0 text-body-secondary small"
        onClick={() => setOpen(true)}
        aria-label={t`Report this message from ${otherName}`}
      >
        {t`Report`}
      </Button>
      <ReportDialog
        show={open}
        onHide={() => setOpen(false)}
        target={{ subject: "message", conversationId, seq }}
        title={t`Report a message from ${otherName}`}
      />
    </>
  );
}

function ShieldIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" className="me-1 align-text-bottom">
      <path
        fill="currentColor"
        d="M8 0 2 2.5v4.8C2 11 4.6 14.4 8 16c3.4-1.6 6-5 6-8.7V2.5zm-.8 4h1.6v5H7.2zm0 6.2h1.6v1.6H7.2z"
      />
    </svg>
  );
}
