import { Button, Modal } from "react-bootstrap";
import { useNavigate } from "react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { Avatar } from "../../../components/ui/avatar";
import { FictionalBadge } from "../../../components/ui/fictional-badge";
import type { LiveEventOf } from "../../../lib/live-events";

/** The other member of a match, as the live `match.new` event carries it. */
type MatchProfile = LiveEventOf<"match.new">["profile"];

/**
 * §2 'it's a match' modal: closes on click; the photo opens the profile, the button the chat.
 */
export function MatchModal({ profile, onClose }: { profile: MatchProfile; onClose: () => void }) {
  const navigate = useNavigate();
  const { t } = useLingui();
  const go = (to: string) => {
    onClose();
    navigate(to);
  };
  return (
    <Modal show onHide={onClose} centered aria-labelledby="match-title" contentClassName="match-modal text-center">
      <Modal.Header closeButton closeLabel={t`Close`} className="border-0" />
      <Modal.Body className="pt-0 pb-4 px-4" onClick={onClose}>
        <h2 id="match-title" className="display-6 fw-bold text-primary">
          <Trans>It's a match!</Trans>
        </h2>
        <p>
          <Trans>You and {profile.name} like each other.</Trans>
        </p>
        {profile.fictional && <FictionalBadge className="mb-3" />}
        <button
          type="button"
          className="btn p-0 border-0 rounded-circle"
          aria-label={t`Open ${profile.name}'s profile`}
          onClick={(e) => {
            e.stopPropagation();
            go(`/members/${profile.id}`);
          }}
        >
          <Avatar src={profile.mainImage?.url} name={profile.name} size={140} />
        </button>
        <div className="mt-4">
          <Button
            size="lg"
            onClick={(e) => {
              e.stopPropagation();
              go(`/members/${profile.id}/chat`);
            }}
          >
            <Trans>Send a message</Trans>
          </Button>
        </div>
      </Modal.Body>
    </Modal>
  );
}
