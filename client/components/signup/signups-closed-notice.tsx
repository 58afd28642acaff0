import { Link } from "react-router";
import { Alert } from "react-bootstrap";
import { Trans } from "@lingui/react/macro";

/**
 * §4 invite-only mode: shown instead of the signup form when the site's `signups` setting keeps
 * signups closed for this visitor ('other', or 'with_trafficsource' without a traffic source).
 * The server refuses such a signup anyway (SIGNUPS_CLOSED); this says so before anyone types.
 */
export function SignupsClosedNotice() {
  return (
    <Alert variant="info" className="mb-0" role="status">
      <h2 className="h5 alert-heading">
        <Trans>Signing up is by invitation only</Trans>
      </h2>
      <p className="mb-2">
        <Trans>New accounts can only be created through an invitation link from one of our partners.</Trans>
      </p>
      <p className="mb-0">
        <Trans>
          Already a member? <Link to="/login">Log in</Link>
        </Trans>
      </p>
    </Alert>
  );
}
