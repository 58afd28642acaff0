import type { ReactNode } from "react";
import { Button, Modal } from "react-bootstrap";
import { Link } from "react-router";
import { Trans, useLingui } from "@lingui/react/macro";

/**
 * §2 not-enough-credits popup: nothing was sent, bought or charged; offers to buy credits.
 * @param children what it was about (e.g. "A message costs 10 credits. Your message was not sent.").
 * @param onExited once it has gone: where the focus goes next, when not back to what opened it.
 */
export function NotEnoughCreditsModal({
  show,
  onClose,
  onExited,
  children,
}: {
  show: boolean;
  onClose: () => void;
  onExited?: () => void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Modal show={show} onHide={onClose} onExited={onExited} centered aria-labelledby="no-credits-title">
      <Modal.Header closeButton closeLabel={t`Close`}>
        <Modal.Title id="no-credits-title" as="h2" className="h5">
          <Trans>Not enough credits</Trans>
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">{children}</p>
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

/** §2 premium-only popup: the feature is for premium members; buying any package makes one premium (§1). */
export function PremiumOnlyModal({
  show,
  onClose,
  children,
}: {
  show: boolean;
  onClose: () => void;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="premium-only-title">
      <Modal.Header closeButton closeLabel={t`Close`}>
        <Modal.Title id="premium-only-title" as="h2" className="h5">
          <Trans>For premium members</Trans>
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{children ?? <Trans>This feature is for premium members.</Trans>}</p>
        <p className="mb-0 small text-body-secondary">
          <Trans>
            Buying any credit package makes you a premium member: you see all photos and keep every premium feature,
            even at 0 credits.
          </Trans>
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          <Trans>Not now</Trans>
        </Button>
        <Link to="/credits" className="btn btn-primary">
          <Trans>Get Premium</Trans>
        </Link>
      </Modal.Footer>
    </Modal>
  );
}
