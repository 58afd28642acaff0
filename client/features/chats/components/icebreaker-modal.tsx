import { Button, ListGroup, Modal } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";

/**
 * §2 icebreaker modal: offered when the member opens an empty conversation, with a few openers in
 * the member's language. Choosing one only fills the message box (`onPick`): it is never sent by
 * itself, and sending it costs what any message costs.
 */
export function IcebreakerModal({
  show,
  name,
  onPick,
  onClose,
  onExited,
}: {
  show: boolean;
  name: string;
  onPick: (text: string) => void;
  onClose: () => void;
  /** After the closing transition (focus can move to the message box then). */
  onExited?: () => void;
}) {
  const { t } = useLingui();
  const openers = [
    t`Hi ${name}, your profile made me smile. How is your day going?`,
    t`Hello ${name}! What is the best thing that happened to you this week?`,
    t`Hi ${name}, if you could travel anywhere tomorrow, where would you go?`,
    t`Hey ${name}, coffee or tea? Tell me and I will tell you my answer.`,
  ];
  return (
    <Modal
      show={show}
      onHide={onClose}
      onExited={onExited}
      restoreFocus={false}
      centered
      aria-labelledby="icebreaker-title"
    >
      <Modal.Header closeButton closeLabel={t`Close`}>
        <Modal.Title id="icebreaker-title" as="h2" className="h5">
          <Trans>Break the ice</Trans>
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="text-body-secondary small">
          <Trans>Pick an opener: it goes into your message box, where you can change it before sending.</Trans>
        </p>
        <ListGroup>
          {openers.map((text) => (
            <ListGroup.Item key={text} action onClick={() => onPick(text)}>
              {text}
            </ListGroup.Item>
          ))}
        </ListGroup>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          <Trans>Write my own</Trans>
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
