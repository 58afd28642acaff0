import { Link } from "react-router";
import { Card } from "react-bootstrap";
import { Trans } from "@lingui/react/macro";
import { Avatar } from "../../../components/ui/avatar";
import { FictionalBadge } from "../../../components/ui/fictional-badge";
import type { RouterOutputs } from "../../../lib/router-types";

type Suggestion = NonNullable<RouterOutputs["likes"]["suggestion"]>;

/**
 * The /likes card of what §7 auto-like picks: 'someone you may like' for a suggestion — never
 * worded as a like the member did not receive — or, when the pick is a like the member really
 * received, that like. A fictional profile keeps its label (§3 fictional_*).
 */
export function SuggestionCard({ suggestion }: { suggestion: Suggestion }) {
  const { profile, kind } = suggestion;
  return (
    <Card as="aside" className="shadow-sm mb-4 suggestion-card" aria-labelledby="suggestion-title">
      <Card.Body className="d-flex align-items-center gap-3 position-relative">
        <Avatar src={profile.mainImage?.thumbUrl} name={profile.name} size={72} />
        <div className="min-w-0">
          <h2 id="suggestion-title" className="h6 text-body-secondary mb-1">
            {kind === "received" ? <Trans>Someone likes you</Trans> : <Trans>Someone you may like</Trans>}
          </h2>
          <Link to={`/members/${profile.id}`} className="stretched-link fw-semibold text-body text-decoration-none">
            {profile.name}, {profile.age}
          </Link>
          {profile.city && <div className="small text-body-secondary text-truncate">{profile.city}</div>}
          {profile.fictional && (
            <div className="mt-1 position-relative">
              <FictionalBadge compact />
            </div>
          )}
        </div>
      </Card.Body>
    </Card>
  );
}
