import { Button, Modal } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { Avatar } from "../../../components/ui/avatar";
import { FictionalBadge } from "../../../components/ui/fictional-badge";
import type { LiveEventOf } from "../../../lib/live-events";

/** The member who liked, as the live `like.new` event carries it. */
export type NewLikeProfile = LiveEventOf<"like.new">["profile"];

/**
 * §2 'new like' modal, shown live when a like arrives. It closes on any click; pressing the photo
 * raises the image event (`onImage`: the caller opens the profile), pressing the button raises
 * the button event with the profile id (`onButton(profileId)`: the caller likes back).
 */
export function NewLikeModal({
  profile,
  onClose,
  onImage,
  onButton,
}: {
  profile: NewLikeProfile;
  onClose: () => void;
  onImage: () => void;
  onButton: (profileId: number) => void;
}) {
  const { t } = useLingui();
  return (
    <Modal show onHide={onClose} centered aria-labelledby="new-like-title" contentClassName="match-modal text-center">
      <Modal.Header closeButton closeLabel={t`Close`} className="border-0" />
      <Modal.Body className="pt-0 pb-4 px-4" onClick={onClose}>
        <h2 id="new-like-title" className="display-6 fw-bold text-primary">
          <Trans>New like!</Trans>
        </h2>
        <p>
          <Trans>{profile.name} likes you.</Trans>
        </p>
        {profile.fictional && <FictionalBadge className="mb-3" />}
        <button
          type="button"
          className="btn p-0 border-0 rounded-circle"
          aria-label={t`Open ${profile.name}'s profile`}
          onClick={(e) => {
            e.stopPropagation();
            onClose();
            onImage();
          }}
        >
          <Avatar src={profile.mainImage?.url} name={profile.name} size={140} />
        </button>
        <div className="mt-4">
          <Button
            size="lg"
            onClick={(e) => {
              e.stopPropagation();
              onClose();
              onButton(profile.id);
            }}
          >
            <Trans>Like back</Trans>
          </Button>
        </div>
      </Modal.Body>
    </Modal>
  );
}
