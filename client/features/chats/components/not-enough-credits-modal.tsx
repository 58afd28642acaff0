import { Button, Modal } from "react-bootstrap";
import { Link } from "react-router";
import { Trans, useLingui } from "@lingui/react/macro";

/** §2 not-enough-credits popup: nothing was sent or charged; offers to buy credits. */
export function NotEnoughCreditsModal({ show, onClose, cost }: { show: boolean; onClose: () => void; cost: number }) {
  const { t } = useLingui();
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="no-credits-title">
      <Modal.Header closeButton closeLabel={t`Close`}>
        <Modal.Title id="no-credits-title">
          <Trans>Not enough credits</Trans>
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">
          <Trans>A message costs {cost} credits. Your message was not sent. Get credits to keep the conversation going.</Trans>
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          <Trans>Not now</Trans>
        </Button>
        <Link to="/credits" className="btn btn-primary">
          <Trans>Get credits</Trans>
        </Link>
      </Modal.Footer>
    </Modal>
  );
}
