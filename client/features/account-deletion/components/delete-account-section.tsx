import { useState } from "react";
import { useNavigate } from "react-router";
import { Alert, Button, Card, Form, Modal } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useDeleteAccount } from "../../../lib/api/use-delete-account";
import { useErrorText } from "../../../lib/errors";
import { paths } from "../../../app/paths";
import { PendingButton } from "../../../components/ui/pending-button";

type Reason = "price" | "found_someone" | "not_looking" | "site_problems" | "no_members" | "time" | "other";

/** §3 Delete reasons, in the spec's order. */
const REASONS: { key: Reason; label: MessageDescriptor }[] = [
  { key: "price", label: msg`It is too expensive` },
  { key: "found_someone", label: msg`I found someone` },
  { key: "not_looking", label: msg`I am not looking any more` },
  { key: "site_problems", label: msg`The site does not work well for me` },
  { key: "no_members", label: msg`Not enough members for me` },
  { key: "time", label: msg`I have no time for it` },
  { key: "other", label: msg`Another reason` },
];

const REMARKS_MAX = 1000;

/**
 * "Delete account" (§2 settings, §3 delete reasons, §4, §9): a reason (remarks for "other"),
 * then a confirmation dialog. The account is hidden and logged out at once and can be
 * reactivated for 14 days from the mailed link; then /account-deleted explains it.
 */
export function DeleteAccountSection() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const remove = useDeleteAccount(() => navigate(paths.accountDeleted, { replace: true }));
  const errorText = useErrorText();
  const [reason, setReason] = useState<Reason | null>(null);
  const [remarks, setRemarks] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [touched, setTouched] = useState(false);
  const confirm = () =>
    reason && remove.mutate({ reason, ...(remarks.trim() ? { remarks: remarks.trim() } : {}), confirm: true });
  return (
    <Card className="shadow-sm border-0 border-danger">
      <Card.Body className="p-4">
        <h1 className="h3 text-danger" id="delete-account-title">
          <Trans>Delete account</Trans>
        </h1>
        <p className="text-muted">
          <Trans>
            Your profile is hidden from everyone at once and you are logged out everywhere. For 14 days you can
            reactivate your account with the link we e-mail you; after that, your profile, photos, likes and matches are
            deleted for good, and the messages you wrote show in others' chats as from a deleted member.
          </Trans>
        </p>
        <Form
          noValidate
          aria-labelledby="delete-account-title"
          onSubmit={(e) => {
            e.preventDefault();
            setTouched(true);
            if (reason) setConfirming(true);
          }}
        >
          <fieldset className="mb-3">
            <legend className="fs-6 fw-semibold">
              <Trans>Why do you want to leave?</Trans>
            </legend>
            {REASONS.map((r) => (
              <Form.Check
                key={r.key}
                type="radio"
                name="delete-reason"
                id={`delete-reason-${r.key}`}
                label={i18n._(r.label)}
                checked={reason === r.key}
                onChange={() => setReason(r.key)}
                isInvalid={touched && !reason}
              />
            ))}
            {touched && !reason && (
              <div className="invalid-feedback d-block">
                <Trans>Choose a reason.</Trans>
              </div>
            )}
          </fieldset>
          {reason === "other" && (
            <Form.Group className="mb-3" controlId="delete-remarks">
              <Form.Label>
                <Trans>Remarks</Trans>
              </Form.Label>
              <Form.Control
                as="textarea"
                rows={3}
                maxLength={REMARKS_MAX}
                value={remarks}
                onChange={(e) => setRemarks(e.target.value)}
              />
              <Form.Text>
                {remarks.length} / {REMARKS_MAX}
              </Form.Text>
            </Form.Group>
          )}
          <Button type="submit" variant="outline-danger">
            <Trans>Delete my account</Trans>
          </Button>
        </Form>
      </Card.Body>
      <Modal show={confirming} onHide={() => setConfirming(false)} centered aria-labelledby="delete-confirm-title">
        <Modal.Header closeButton closeLabel={t`Close`}>
          <Modal.Title id="delete-confirm-title">
            <Trans>Delete your account?</Trans>
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-0">
            <Trans>You will be logged out and your profile hidden. You can undo this within 14 days.</Trans>
          </p>
          {remove.isError && (
            <Alert variant="danger" role="alert" className="mt-3 mb-0">
              {errorText(remove.error)}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          {/* Phones: the two long answers stacked at full width, not wrapped into a ragged pair. */}
          <div className="d-grid gap-2 d-sm-flex justify-content-sm-end w-100">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              <Trans>Keep my account</Trans>
            </Button>
            <PendingButton variant="danger" onClick={confirm} pending={remove.isPending}>
              <Trans>Yes, delete my account</Trans>
            </PendingButton>
          </div>
        </Modal.Footer>
      </Modal>
    </Card>
  );
}
