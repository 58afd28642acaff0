import { Col, Row } from "react-bootstrap";
import { ProfileCard, type ProfileCardData } from "./profile-card";

/**
 * A list of member cards (search results, match finder, suggested members): two columns on a
 * phone, more on wider screens, as a `<ul>` named by `label`. The first row on a phone is the first
 * screenful, so its two photos load first. `stale` dims the list while a new page loads; `busy`
 * sets aria-busy; `wide` adds a fifth column on extra-large screens.
 */
export function ProfileCardGrid({
  profiles,
  label,
  stale = false,
  busy,
  wide = false,
  id,
}: {
  profiles: readonly ProfileCardData[];
  label: string;
  stale?: boolean;
  busy?: boolean;
  wide?: boolean;
  /** Makes the list a target the page can move the focus to (new results), by this id. */
  id?: string;
}) {
  return (
    <Row
      xs={2}
      sm={3}
      lg={4}
      xl={wide ? 5 : undefined}
      className={`g-2 g-sm-3 member-results${stale ? " is-stale" : ""}`}
      as="ul"
      role="list"
      aria-label={label}
      aria-busy={busy}
      id={id}
      tabIndex={id ? -1 : undefined}
    >
      {profiles.map((p, i) => (
        <Col as="li" key={p.id} className="list-unstyled">
          <ProfileCard profile={p} priority={i < 2} />
        </Col>
      ))}
    </Row>
  );
}
