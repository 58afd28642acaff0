import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { Alert, Card } from "react-bootstrap";
import { Trans } from "@lingui/react/macro";
import { LoadingState } from "../../../components/ui/states";
import { useReactivateAccount } from "../../../lib/api/use-reactivate-account";
import { useErrorText } from "../../../lib/errors";
import { paths } from "../../../app/paths";
import { useLinkToken } from "../../../lib/use-link-token";

/**
 * /reactivate?token=…: the link of the deletion mail (§4). Within 14 days the account comes back
 * and the member is logged in; afterwards §8 'Link expired or invalid, request a new email.'
 */
export function ReactivatePage() {
  const token = useLinkToken();
  const navigate = useNavigate();
  const reactivate = useReactivateAccount();
  const errorText = useErrorText();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    reactivate.mutate({ token }, { onSuccess: () => navigate(`${paths.members}?reactivated=1`, { replace: true }) });
  }, [token, reactivate, navigate]);
  return (
    <Card className="auth-card mx-auto shadow-sm">
      <Card.Body className="p-4">
        <h1 className="h3 mb-3">
          <Trans>Reactivate your account</Trans>
        </h1>
        {reactivate.isError ? (
          <>
            <Alert variant="danger" role="alert">
              {errorText(reactivate.error)}
            </Alert>
            <Link to={paths.login}>
              <Trans>To the login page</Trans>
            </Link>
          </>
        ) : (
          <LoadingState />
        )}
      </Card.Body>
    </Card>
  );
}
