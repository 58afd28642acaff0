import { Col, Row } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { useRelatedProfiles } from "../api/use-related-profiles";
import { ProfileCard } from "./profile-card";

/**
 * §2 profile view "related profiles": a row of similar members under the profile. Shows nothing
 * while loading, on error or when there are none (the profile itself stays the page's subject).
 */
export function RelatedProfiles({ profileId }: { profileId: number }) {
  const { t } = useLingui();
  const related = useRelatedProfiles(profileId);
  const items = related.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="related-title" className="mb-3">
      <h2 id="related-title" className="h5">
        <Trans>Related profiles</Trans>
      </h2>
      <Row xs={2} sm={3} lg={4} className="g-2 ps-0" as="ul" role="list" aria-label={t`Related profiles`}>
        {items.map((p) => (
          <Col as="li" key={p.id} className="list-unstyled">
            <ProfileCard profile={p} />
          </Col>
        ))}
      </Row>
    </section>
  );
}
