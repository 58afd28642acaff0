import { Modal } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { GIFTS, type GiftKey } from "../gifts";
import { GiftArt } from "./gift-art";
import { PendingButton } from "../../../components/ui/pending-button";

/** Choose a gift to send in chat; each costs `cost` credits (§3 gift_credits). */
export function GiftPicker({
  show,
  onClose,
  onPick,
  cost,
  name,
  busy,
}: {
  show: boolean;
  onClose: () => void;
  onPick: (gift: GiftKey) => void;
  cost: number;
  name: string;
  busy: boolean;
}) {
  const { t, i18n } = useLingui();
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="gift-picker-title">
      <Modal.Header closeButton closeLabel={t`Close`}>
        <Modal.Title id="gift-picker-title" as="h2" className="h5">
          <Trans>Send {name} a gift</Trans>
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-body-secondary">
          <Trans>Each gift costs {cost} credits.</Trans>
        </p>
        <ul className="gift-grid list-unstyled mb-0">
          {GIFTS.map((g) => (
            <li key={g.key}>
              <PendingButton variant="light" className="gift-option w-100" onClick={() => onPick(g.key)} pending={busy}>
                <span className="gift-symbol" aria-hidden="true">
                  <GiftArt gift={g.key} size={44} />
                </span>
                <span className="d-block small">{i18n._(g.name)}</span>
              </PendingButton>
            </li>
          ))}
        </ul>
      </Modal.Body>
    </Modal>
  );
}
