import { Link } from "react-router";
import { Card } from "react-bootstrap";
import { paths } from "../../../app/paths";
import { Avatar } from "../../../components/ui/avatar";
import { FictionalBadge } from "../../../components/ui/fictional-badge";
import { useEnumLabels } from "../enum-labels";
import { LastActive } from "./last-active";
import type { RouterOutputs } from "../../../lib/router-types";

/** One search result card, as members.search answers it. */
export type ProfileCardData = RouterOutputs["members"]["search"]["items"][number];

/**
 * §2 styled search result card: main photo, name and age, place, last activity. The whole card
 * is one link to the profile, named by its text ("Anna, 31"). `priority`: the card is in the first
 * screenful, so its photo loads at once with high fetch priority (the page's LCP, issue 11);
 * the others load lazily. The 1:1 frame reserves the photo's space (no layout shift).
 */
export function ProfileCard({ profile, priority = false }: { profile: ProfileCardData; priority?: boolean }) {
  const { country } = useEnumLabels();
  const place = [profile.city, country(profile.country)].filter(Boolean).join(", ");
  return (
    <Card className="h-100 shadow-sm member-card position-relative border-0">
      <div className="ratio ratio-1x1 member-card-photo rounded-top overflow-hidden">
        {profile.mainImage ? (
          <img
            src={profile.mainImage.url}
            alt=""
            className="object-fit-cover"
            loading={priority ? "eager" : "lazy"}
            fetchPriority={priority ? "high" : "auto"}
            width={480}
            height={480}
          />
        ) : (
          <div className="d-flex align-items-center justify-content-center">
            <Avatar name={profile.name} size={72} />
          </div>
        )}
      </div>
      <Card.Body className="p-2 p-sm-3">
        <Link
          to={paths.member(profile.id)}
          className="stretched-link fw-semibold text-body text-decoration-none member-card-name"
        >
          {profile.name}, {profile.age}
        </Link>
        {/* Both lines wrap rather than cut: the country and the useful part of "Active 5 minutes ago"
            come last, and long in some languages. */}
        {place && <div className="small text-body-secondary">{place}</div>}
        <LastActive iso={profile.lastActive} className="small text-body-secondary d-block" />
        {profile.fictional && <FictionalBadge compact className="position-relative" />}
      </Card.Body>
    </Card>
  );
}
