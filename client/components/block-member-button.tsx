import { useState } from "react";
import { Alert, Button, Container, Modal } from "react-bootstrap";
import { Link, useLocation } from "react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { useBlockMember } from "../lib/api/use-block-member";
import { useErrorText } from "../lib/errors";
import { paths } from "../app/paths";

/**
 * "Block" (§4) with a confirmation dialog: blocking deletes the chats and likes between the two
 * and hides both profiles from each other. Used on a profile and in a chat's header.
 * @param onBlocked called after the block went through (e.g. leave the page).
 * @param iconOnPhone on a phone, an icon instead of the word (the chat header, where the name
 *   needs the room); its accessible name stays "Block {name}".
 */
export function BlockMemberButton({
  profileId,
  name,
  onBlocked,
  className,
  iconOnPhone = false,
}: {
  profileId: number;
  name: string;
  onBlocked?: () => void;
  className?: string;
  iconOnPhone?: boolean;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const block = useBlockMember();
  const errorText = useErrorText();
  const confirm = () =>
    block.mutate(
      { profileId },
      {
        onSuccess: () => {
          setOpen(false);
          onBlocked?.();
        },
      },
    );
  return (
    <>
      <Button
        variant="outline-danger"
        size="sm"
        className={className}
        onClick={() => setOpen(true)}
        aria-label={t`Block ${name}`}
      >
        {iconOnPhone ? (
          <>
            <svg className="d-sm-none" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 2a8 8 0 0 1 6.32 12.9L7.1 5.68A7.96 7.96 0 0 1 12 4ZM5.68 7.1 16.9 18.32A8 8 0 0 1 5.68 7.1Z"
              />
            </svg>
            <span className="d-none d-sm-inline">{t`Block`}</span>
          </>
        ) : (
          t`Block`
        )}
      </Button>
      <Modal show={open} onHide={() => setOpen(false)} centered aria-labelledby="block-member-title">
        <Modal.Header closeButton closeLabel={t`Close`}>
          <Modal.Title id="block-member-title" as="h2" className="h5">
            {t`Block ${name}?`}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-2">
            <Trans>
              Your chats and likes with {name} will be deleted. You will no longer see each other, and {name} cannot
              like you, write to you or send you gifts.
            </Trans>
          </p>
          <p className="small text-body-secondary mb-0">
            <Trans>You can unblock members later in Settings, under Privacy and blocked members.</Trans>
          </p>
          {block.error && (
            <p className="text-danger small mt-2 mb-0" role="alert">
              {errorText(block.error)}
            </p>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t`Cancel`}
          </Button>
          <Button variant="danger" onClick={confirm} disabled={block.isPending}>
            {t`Block`}
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}

/** Navigation state after a block: the page the member lands on says it went through (BlockedNotice). */
export function blockedState(name: string): { blocked: string } {
  return { blocked: name };
}

/**
 * After a block (§4) the member leaves the profile or chat for another page: this says there
 * that the block went through and where it can be undone. Shown while the navigation state of
 * blockedState() is on the page's history entry; dismissible.
 */
export function BlockedNotice() {
  const { t } = useLingui();
  const state: unknown = useLocation().state;
  const name = state && typeof state === "object" && "blocked" in state ? String(state.blocked) : null;
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (!name || dismissed === name) return null;
  return (
    <Container className="pt-3">
      <Alert variant="success" role="status" dismissible onClose={() => setDismissed(name)} closeLabel={t`Close`}>
        <Trans>
          You blocked {name}. <Link to={paths.blockedMembers}>Privacy and blocked members</Link>
        </Trans>
      </Alert>
    </Container>
  );
}
