import { useState } from "react";
import { Alert, Button, Container, Modal } from "react-bootstrap";
import { Link, useLocation } from "react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { useBlockMember } from "../lib/api/use-block-member";
import { useErrorText } from "../lib/errors";
import { paths } from "../app/paths";
import { PendingButton } from "./ui/pending-button";
import { ReportBlockedMemberButton } from "./ui/report-dialog";

/**
 * "Block" (§4) with a confirmation dialog: blocking deletes the chats and likes between the two
 * and hides both profiles from each other. Used on a profile (a chat's header opens the same
 * dialog from its menu, BlockMemberDialog).
 * @param onBlocked called after the block went through (e.g. leave the page).
 */
export function BlockMemberButton({
  profileId,
  name,
  onBlocked,
  className,
}: {
  profileId: number;
  name: string;
  onBlocked?: () => void;
  className?: string;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline-danger"
        size="sm"
        className={className}
        onClick={() => setOpen(true)}
        aria-label={t`Block ${name}`}
      >
        {t`Block`}
      </Button>
      <BlockMemberDialog
        show={open}
        onHide={() => setOpen(false)}
        profileId={profileId}
        name={name}
        onBlocked={onBlocked}
      />
    </>
  );
}

/** The §4 block confirmation ("Block {name}?"): Cancel, or Block, then `onBlocked`. */
export function BlockMemberDialog({
  show,
  onHide,
  profileId,
  name,
  onBlocked,
}: {
  show: boolean;
  onHide: () => void;
  profileId: number;
  name: string;
  onBlocked?: () => void;
}) {
  const { t } = useLingui();
  const block = useBlockMember();
  const errorText = useErrorText();
  const confirm = () =>
    block.mutate(
      { profileId },
      {
        onSuccess: () => {
          onHide();
          onBlocked?.();
        },
      },
    );
  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="block-member-title">
      <Modal.Header closeButton closeLabel={t`Close`}>
        <Modal.Title id="block-member-title" as="h2" className="h5">
          {t`Block ${name}?`}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-2">
          <Trans>
            Your chats and likes with {name} will be deleted. You will no longer see each other, and {name} cannot like
            you, write to you or send you gifts.
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
        <Button variant="secondary" onClick={onHide}>
          {t`Cancel`}
        </Button>
        <PendingButton variant="danger" onClick={confirm} pending={block.isPending}>
          {t`Block`}
        </PendingButton>
      </Modal.Footer>
    </Modal>
  );
}

/** Navigation state after a block: the page the member lands on says it went through (BlockedNotice). */
export function blockedState(name: string): { blocked: string } {
  return { blocked: name };
}

/**
 * Navigation state when another member's block closed the chat this tab showed (live-member.tsx):
 * the chat list then says so and offers a report (BlockedByNotice).
 */
export function blockedByState(profileId: number): { blockedBy: number } {
  return { blockedBy: profileId };
}

/**
 * Shown on the chat list a tab was sent to when the member it showed blocked this one (§4: the
 * chat is gone for both): says why it vanished and offers "Report this member", which reports
 * them with the chat the block kept for it (security review, 2026-11-27). Dismissible.
 */
export function BlockedByNotice() {
  const { t } = useLingui();
  const state: unknown = useLocation().state;
  const profileId =
    state && typeof state === "object" && "blockedBy" in state && Number.isSafeInteger(state.blockedBy)
      ? Number(state.blockedBy)
      : null;
  const [dismissed, setDismissed] = useState<number | null>(null);
  if (profileId === null || dismissed === profileId) return null;
  return (
    <Container className="pt-3">
      <Alert variant="info" role="status" dismissible onClose={() => setDismissed(profileId)} closeLabel={t`Close`}>
        <p className="mb-2">
          <Trans>This member blocked you, so your chat with them is closed.</Trans>{" "}
          <Trans>
            If this member harassed or deceived you, you can still report them: our team will see your last messages
            with them.
          </Trans>
        </p>
        <ReportBlockedMemberButton profileId={profileId} size="sm" />
      </Alert>
    </Container>
  );
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
