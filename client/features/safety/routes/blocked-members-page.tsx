import { Card, Form, ListGroup } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { ErrorState, LoadingState } from "../../../components/ui/states";
import { useErrorText } from "../../../lib/errors";
import { useBlockedMembers } from "../api/use-blocked-members";
import { useUnblockMember } from "../api/use-unblock-member";
import { useSafetySettings } from "../api/use-safety-settings";
import { useSetInvisible } from "../api/use-set-invisible";
import { PendingButton } from "../../../components/ui/pending-button";

/**
 * /settings/blocked: invisible mode (§4) and the members the member blocked, each with "Unblock".
 */
export function BlockedMembersPage() {
  return (
    <section aria-labelledby="blocked-title" className="mx-auto d-grid gap-4" style={{ maxWidth: 640 }}>
      <h1 id="blocked-title" className="h3 mb-0">
        <Trans>Privacy and blocked members</Trans>
      </h1>
      <InvisibleModeCard />
      <BlockedListCard />
    </section>
  );
}

function InvisibleModeCard() {
  const { t } = useLingui();
  const settings = useSafetySettings();
  const setInvisible = useSetInvisible();
  const errorText = useErrorText();
  return (
    <Card>
      <Card.Body>
        <Card.Title as="h2" className="h5">
          <Trans>Invisible mode</Trans>
        </Card.Title>
        <Form.Check
          type="switch"
          id="invisible-mode"
          label={t`Be invisible`}
          checked={settings.data?.invisible ?? false}
          disabled={!settings.data || setInvisible.isPending}
          onChange={(e) => setInvisible.mutate({ invisible: e.currentTarget.checked })}
          aria-describedby="invisible-mode-help"
        />
        <Form.Text id="invisible-mode-help">
          <Trans>
            You do not appear in search and nobody sees when you are online. Others cannot like you or write to you
            first; your existing conversations go on, and you can still like and write to others.
          </Trans>
        </Form.Text>
        {(settings.error || setInvisible.error) && (
          <p className="text-danger small mt-2 mb-0" role="alert">
            {errorText(settings.error ?? setInvisible.error)}
          </p>
        )}
      </Card.Body>
    </Card>
  );
}

function BlockedListCard() {
  const { t, i18n } = useLingui();
  const blocked = useBlockedMembers();
  const unblock = useUnblockMember();
  const errorText = useErrorText();
  return (
    <Card>
      <Card.Body>
        <Card.Title as="h2" className="h5">
          <Trans>Blocked members</Trans>
        </Card.Title>
        {blocked.isLoading ? (
          <LoadingState />
        ) : blocked.error ? (
          <ErrorState message={errorText(blocked.error)} />
        ) : blocked.data!.members.length === 0 ? (
          <p className="text-body-secondary mb-0">
            <Trans>You have not blocked anyone.</Trans>
          </p>
        ) : (
          <ListGroup variant="flush" aria-label={t`Blocked members`}>
            {blocked.data!.members.map((m) => {
              // No name for a member no longer shown to the member (invisible, closed account).
              const name = m.name ?? t`Hidden member`;
              return (
                <ListGroup.Item key={m.id} className="d-flex align-items-center gap-2 px-0">
                  <div className="min-w-0 me-auto">
                    <div className="fw-semibold text-truncate">{name}</div>
                    <div className="small text-body-secondary">
                      {t`Blocked on ${i18n.date(new Date(m.blockedAt), { dateStyle: "medium" })}`}
                    </div>
                  </div>
                  <PendingButton
                    variant="outline-secondary"
                    size="sm"
                    pending={unblock.isPending}
                    onClick={() => unblock.mutate({ profileId: m.id })}
                    aria-label={t`Unblock ${name}`}
                  >
                    {t`Unblock`}
                  </PendingButton>
                </ListGroup.Item>
              );
            })}
          </ListGroup>
        )}
        {unblock.error && (
          <p className="text-danger small mt-2 mb-0" role="alert">
            {errorText(unblock.error)}
          </p>
        )}
      </Card.Body>
    </Card>
  );
}
