import { useState } from "react";
import { Modal } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { SignupForm } from "./signup-form";

/**
 * §2 signup modal (the default layout's, opened by `useOpenSignup()` in lib/signup.ts on screens
 * wider than a phone). "Cannot be closed by backdrop or Escape while signup is in progress": once
 * the visitor has typed into the form or sent it, only its close button closes it; before that, Escape and the backdrop close it as any dialog.
 * role="dialog" with the title as its accessible name; Bootstrap keeps focus inside.
 */
export function SignupModal({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useLingui();
  const [inProgress, setInProgress] = useState(false);
  return (
    <Modal
      show
      onHide={onClose}
      centered
      // Wide, in two columns, from lg up (a laptop's window holds it whole); and scrollable, so
      // in a short window the title and close button stay while the form scrolls under them.
      size="lg"
      scrollable
      backdrop={inProgress ? "static" : true}
      keyboard={!inProgress}
      aria-labelledby="signup-modal-title"
      data-in-progress={inProgress ? "true" : "false"}
    >
      <Modal.Header closeButton closeLabel={t`Close`} className="border-0 pb-0">
        <Modal.Title id="signup-modal-title" as="h2" className="h4">
          <Trans>Create your free account</Trans>
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="p-4 pt-2" onInput={() => setInProgress(true)} onSubmit={() => setInProgress(true)}>
        <p className="text-body-secondary">
          <Trans>Meet singles near you in minutes.</Trans>
        </p>
        <SignupForm onDone={onDone} twoColumns />
      </Modal.Body>
    </Modal>
  );
}
