import { Link } from "react-router";
import { Card } from "react-bootstrap";
import { Trans } from "@lingui/react/macro";
import { paths } from "../../../app/paths";

/** §2 /account-deleted: shown after deletion; explains the 14 days (§4, §9). */
export function AccountDeletedPage() {
  return (
    <Card className="auth-card mx-auto shadow-sm">
      <Card.Body className="p-4">
        <h1 className="h3 mb-3">
          <Trans>Your account has been deleted</Trans>
        </h1>
        <p>
          <Trans>
            Your profile is hidden from everyone and you have been logged out on every device. We have sent you an
            e-mail with a link to reactivate your account: it works for 14 days.
          </Trans>
        </p>
        <p>
          <Trans>
            After 14 days your profile, photos, likes and matches are deleted for good. The messages you wrote stay in
            the other members' conversations, shown as from a deleted member, without your name or photo. Payment
            records are kept as the law requires, without your personal data.
          </Trans>
        </p>
        <Link to={paths.home} className="btn btn-primary">
          <Trans>To the home page</Trans>
        </Link>
      </Card.Body>
    </Card>
  );
}
