import { Card } from "react-bootstrap";
import { Link } from "react-router";
import { Trans } from "@lingui/react/macro";
import { paths } from "../app/paths";

/** The settings page's way to "Delete account" (§2, §3 delete reasons; /settings/delete). */
export function DeleteAccountLink() {
  return (
    <Card className="shadow-sm border-0">
      <Card.Body className="p-4">
        <Card.Title as="h2" className="h5 mb-2">
          <Trans>Delete account</Trans>
        </Card.Title>
        <p className="text-body-secondary">
          <Trans>You can reactivate it for 14 days; after that your data is deleted.</Trans>
        </p>
        <Link to={paths.deleteAccount} className="link-danger">
          <Trans>Delete my account…</Trans>
        </Link>
      </Card.Body>
    </Card>
  );
}
