import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { Card } from "react-bootstrap";
import { Trans } from "@lingui/react/macro";
import { LoadingState } from "../../../components/ui/states";
import { useViewFocus } from "../../../components/layouts/page-shell";
import { useErrorText } from "../../../lib/errors";
import { useConfirmEmailChange } from "../api/use-confirm-email-change";
import { useLinkToken } from "../../../lib/use-link-token";

/**
 * §2 /mail-change/do?token=…: the link mailed to a new address. The token is posted once (a GET
 * never changes state); the outcome is shown here.
 */
export function MailChangeDoPage() {
  const token = useLinkToken();
  const confirm = useConfirmEmailChange();
  const errorText = useErrorText();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    confirm.mutate({ token });
  }, [confirm, token]);
  const checking = confirm.isPending || confirm.isIdle;
  // The outcome replaces the "Changing…" heading: focus moves to it, so a screen reader says it.
  useViewFocus(checking ? "checking" : confirm.data ? "changed" : "not-changed");
  return (
    <Card className="auth-card mx-auto shadow-sm text-center">
      <Card.Body className="p-4">
        {checking ? (
          // While the link is checked the page has its heading too, like every screen.
          <>
            <h1 className="h3">
              <Trans>Changing your e-mail address…</Trans>
            </h1>
            <LoadingState />
          </>
        ) : confirm.data ? (
          <>
            <h1 className="h3">
              <Trans>Your e-mail address is changed</Trans>
            </h1>
            <p>
              <Trans>
                From now on you log in with <strong>{confirm.data.email}</strong>.
              </Trans>
            </p>
          </>
        ) : (
          <>
            <h1 className="h3">
              <Trans>The e-mail address was not changed</Trans>
            </h1>
            <p role="alert">{errorText(confirm.error)}</p>
          </>
        )}
        {!checking && (
          <Link to="/settings" className="btn btn-primary">
            <Trans>Go to settings</Trans>
          </Link>
        )}
      </Card.Body>
    </Card>
  );
}
