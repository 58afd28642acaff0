import { Link } from "react-router";
import { Alert, Button, Card } from "react-bootstrap";
import { Trans } from "@lingui/react/macro";
import { useUnsubscribe } from "../../../lib/api/use-unsubscribe";
import { useErrorText } from "../../../lib/errors";
import { paths } from "../../../app/paths";
import { useLinkToken } from "../../../lib/use-link-token";

/**
 * /unsubscribe?token=…: where the unsubscribe link of a mail leads (no login needed). It asks
 * first: a GET never unsubscribes, since mail scanners follow links.
 */
export function UnsubscribePage() {
  const token = useLinkToken();
  const unsubscribe = useUnsubscribe();
  const errorText = useErrorText();
  return (
    <Card className="auth-card mx-auto shadow-sm">
      <Card.Body className="p-4">
        <h1 className="h3 mb-3">
          <Trans>Unsubscribe</Trans>
        </h1>
        {unsubscribe.isSuccess ? (
          <Alert variant="success" role="status">
            <Trans>
              You will get no more e-mail notifications. You can turn them back on at any time on the{" "}
              <Link to={paths.notifications}>notifications page</Link>.
            </Trans>
          </Alert>
        ) : (
          <>
            <p>
              <Trans>Stop all e-mail notifications to your address?</Trans>
            </p>
            {unsubscribe.isError && (
              <Alert variant="danger" role="alert">
                {errorText(unsubscribe.error)}
              </Alert>
            )}
            <Button onClick={() => unsubscribe.mutate({ token })} disabled={unsubscribe.isPending || !token}>
              <Trans>Unsubscribe from e-mails</Trans>
            </Button>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
