import { useId, useState, type FormEvent } from "react";
import { Alert, Button, Form, Modal } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useReport } from "../../lib/api/use-report";
import { useErrorText } from "../../lib/errors";
import type { RouterInputs } from "../../lib/router-types";
import { PendingButton } from "./pending-button";

type ReportInput = RouterInputs["moderation"]["report"];
export type ReportReason = ReportInput["reason"];
/** What is reported: a profile, one message of a chat, or a whole chat. */
export type ReportTarget =
  | { subject: "profile"; profileId: number }
  | { subject: "message"; conversationId: number; seq: number }
  | { subject: "chat"; conversationId: number };

/** The reasons a member can give (issue 10), in the order they are offered. */
export const REPORT_REASONS: ReadonlyArray<{ value: ReportReason; label: MessageDescriptor }> = [
  { value: "spam", label: msg`Spam or scam` },
  { value: "fake_profile", label: msg`Fake profile` },
  { value: "harassment", label: msg`Harassment` },
  { value: "underage", label: msg`Under 18` },
  { value: "offensive_photo", label: msg`Offensive photo` },
  { value: "other", label: msg`Something else` },
];

/**
 * The "Report" dialog: a reason and an optional text. The server keeps a copy of what is
 * reported; the dialog thanks the member and closes. `title` names what is reported.
 */
export function ReportDialog({
  show,
  onHide,
  target,
  title,
}: {
  show: boolean;
  onHide: () => void;
  target: ReportTarget;
  title: string;
}) {
  const { t, i18n } = useLingui();
  const describe = useErrorText();
  const report = useReport();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState("");
  const id = useId();
  const close = () => {
    onHide();
    report.reset();
    setReason(null);
    setDetails("");
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason) return;
    report.mutate({ ...target, reason, details: details.trim() || undefined } as ReportInput);
  };
  return (
    <Modal show={show} onHide={close} centered aria-labelledby={`${id}-title`}>
      <Modal.Header closeButton closeLabel={t`Close`}>
        <Modal.Title id={`${id}-title`} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      {report.isSuccess ? (
        <>
          <Modal.Body>
            <Alert variant="success" className="mb-0" role="status">
              <Trans>Thank you. Our team will look at your report.</Trans>
            </Alert>
          </Modal.Body>
          <Modal.Footer>
            {/* The form and its Send button are gone: the focus stays in the dialog, here. */}
            <Button onClick={close} autoFocus>
              <Trans>Close</Trans>
            </Button>
          </Modal.Footer>
        </>
      ) : (
        <Form onSubmit={submit} noValidate>
          <Modal.Body>
            {report.error && (
              <Alert variant="danger" role="alert">
                {describe(report.error)}
              </Alert>
            )}
            <fieldset>
              <legend className="fs-6 fw-semibold">
                <Trans>Why are you reporting this?</Trans>
              </legend>
              {REPORT_REASONS.map((r) => (
                <Form.Check
                  key={r.value}
                  type="radio"
                  id={`${id}-${r.value}`}
                  name={`${id}-reason`}
                  label={i18n._(r.label)}
                  checked={reason === r.value}
                  onChange={() => setReason(r.value)}
                />
              ))}
            </fieldset>
            <Form.Group className="mt-3" controlId={`${id}-details`}>
              <Form.Label>
                <Trans>Anything else we should know? (optional)</Trans>
              </Form.Label>
              <Form.Control
                as="textarea"
                rows={3}
                maxLength={2000}
                value={details}
                onChange={(e) => setDetails(e.target.value)}
              />
            </Form.Group>
          </Modal.Body>
          <Modal.Footer>
            <PendingButton variant="outline-secondary" onClick={close} pending={report.isPending}>
              <Trans>Cancel</Trans>
            </PendingButton>
            <Button type="submit" variant="danger" disabled={!reason || report.isPending}>
              <Trans>Send report</Trans>
            </Button>
          </Modal.Footer>
        </Form>
      )}
    </Modal>
  );
}

/**
 * "Report this member" for a member whose profile is closed to the viewer by a block (§4, §8):
 * a button that opens the report dialog for `profileId`, named without the profile, which the
 * viewer cannot read. The report carries the chat the block kept (security review, 2026-11-27).
 */
export function ReportBlockedMemberButton({ profileId, size }: { profileId: number; size?: "sm" }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size={size} variant="outline-danger" onClick={() => setOpen(true)}>
        <Trans>Report this member</Trans>
      </Button>
      <ReportDialog
        show={open}
        onHide={() => setOpen(false)}
        target={{ subject: "profile", profileId }}
        title={t`Report this member`}
      />
    </>
  );
}
