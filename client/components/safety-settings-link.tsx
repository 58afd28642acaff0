import { Card } from "react-bootstrap";
import { Link } from "react-router";
import { Trans } from "@lingui/react/macro";
import { paths } from "../app/paths";

/** The settings page's way to invisible mode and the blocked members (§4, /settings/blocked). */
export function SafetySettingsLink() {
  return (
    <Card className="shadow-sm border-0">
      <Card.Body className="p-4">
        <Card.Title as="h2" className="h5 mb-2">
          <Trans>Privacy and blocked members</Trans>
        </Card.Title>
        <p className="text-body-secondary">
          <Trans>Invisible mode, and the members you blocked.</Trans>
        </p>
        <Link to={paths.blockedMembers}>
          <Trans>Manage privacy and blocked members</Trans>
        </Link>
      </Card.Body>
    </Card>
  );
}
