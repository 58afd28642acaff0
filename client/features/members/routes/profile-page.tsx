import { useEffect, useRef } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Badge, Card, Col, Row } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { paths } from "../../../app/paths";
import { Avatar } from "../../../components/ui/avatar";
import { FictionalBadge } from "../../../components/ui/fictional-badge";
import { BlockMemberButton, blockedState } from "../../../components/block-member-button";
import { EmptyState, ErrorState, LoadingState } from "../../../components/ui/states";
import { useErrorText } from "../../../lib/errors";
import { appCodeOf } from "../../../lib/trpc";
import { useMember } from "../api/use-member";
import { useMarkLikeSeen } from "../api/use-mark-like-seen";
import { INTEREST_LABELS, useEnumLabels } from "../enum-labels";
import { LastActive } from "../components/last-active";
import { LikeActions } from "../components/like-actions";
import { PhotoGallery } from "../components/photo-gallery";
import { ProfileDetails } from "../components/profile-details";
import { RelatedProfiles } from "../components/related-profiles";
import { ReportProfileButton } from "../components/report-profile-button";
import { ReportBlockedMemberButton } from "../../../components/ui/report-dialog";
import "../members.css";

function PinIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      className="me-1 align-text-bottom text-primary"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z"
      />
    </svg>
  );
}

function NotFound() {
  return (
    <EmptyState title={<Trans>This member could not be found.</Trans>}>
      <Link to={paths.members} className="btn btn-primary">
        <Trans>Back to search</Trans>
      </Link>
    </EmptyState>
  );
}

/**
 * §8 'Blocked by another user: no access to the page' (the blocker reads 'You blocked this
 * member.' and may unblock in settings). Either side may still report the other: a block deletes
 * their chats (§4), and the report keeps the last messages the block set aside for the operators
 * (security review, 2026-11-27). The chat list offers the same to a tab whose chat the block
 * closed (BlockedByNotice).
 */
function Blocked({ message, byMe, profileId }: { message: string; byMe: boolean; profileId: number }) {
  return (
    <EmptyState title={message}>
      <p className="text-body-secondary">
        <Trans>
          If this member harassed or deceived you, you can still report them: our team will see your last messages with
          them.
        </Trans>
      </p>
      <div className="d-flex gap-2 justify-content-center flex-wrap">
        <Link to={paths.members} className="btn btn-primary">
          <Trans>Back to search</Trans>
        </Link>
        {byMe && (
          <Link to={paths.blockedMembers} className="btn btn-outline-secondary">
            <Trans>Blocked members</Trans>
          </Link>
        )}
        <ReportBlockedMemberButton profileId={profileId} />
      </div>
    </EmptyState>
  );
}

/**
 * §2 /members/{id}: a member's profile — header with main photo, name, age and place; like and
 * message actions; about me, the §3 fields, interests and photos (locked ones blurred, §6).
 * Opening the profile clears its new-like flag (§4).
 */
export function MemberProfilePage() {
  const params = useParams();
  const raw = Number(params.id);
  const id = Number.isInteger(raw) && raw > 0 && raw <= 2_147_483_647 ? raw : null;
  const member = useMember(id);
  const { mutate: markSeen } = useMarkLikeSeen();
  const seen = useRef<number | null>(null);
  const errorText = useErrorText();
  const { t } = useLingui();
  const { label, country } = useEnumLabels();
  const navigate = useNavigate();
  const profile = member.data;

  // §4: opening a profile clears its new-like flag, once per opened profile.
  const profileId = profile?.id;
  const isOwn = profile?.isOwn;
  useEffect(() => {
    if (profileId === undefined || isOwn || seen.current === profileId) return;
    seen.current = profileId;
    markSeen({ profileId });
  }, [profileId, isOwn, markSeen]);

  if (id === null) return <NotFound />;
  if (member.isLoading) return <LoadingState />;
  if (member.error && appCodeOf(member.error) === "BLOCKED") {
    const byMe = (member.error.data as { details?: { blockedByMe?: number } } | undefined)?.details?.blockedByMe === 1;
    return <Blocked message={errorText(member.error)} byMe={byMe} profileId={id} />;
  }
  if (member.error) {
    return appCodeOf(member.error) === "NOT_FOUND" ? (
      <NotFound />
    ) : (
      <ErrorState message={errorText(member.error)} onRetry={() => void member.refetch()} />
    );
  }
  if (!profile) return <NotFound />;

  // A city that names its region too (Utrecht, Utrecht) is said once.
  const region = profile.region && profile.region !== profile.city ? profile.region : null;
  const place = [profile.city, region, country(profile.country)].filter(Boolean).join(", ");
  return (
    <article className="member-profile" aria-labelledby="member-name">
      <Card className="border-0 shadow-sm overflow-hidden mb-3">
        <Row className="g-0">
          <Col md={5} className="member-hero-photo">
            <div className="ratio ratio-1x1">
              {profile.mainImage ? (
                <img
                  src={profile.mainImage.url}
                  alt={t`Main photo of ${profile.name}`}
                  className="object-fit-cover"
                  width={480}
                  height={480}
                />
              ) : (
                <div className="d-flex align-items-center justify-content-center bg-body-secondary">
                  <Avatar name={profile.name} size={120} />
                </div>
              )}
            </div>
          </Col>
          <Col md={7}>
            <Card.Body className="p-3 p-lg-4 d-flex flex-column h-100">
              <h1 id="member-name" className="h2 mb-1">
                {profile.name}, {profile.age}
              </h1>
              {place && (
                <p className="mb-1 text-body-secondary">
                  <PinIcon />
                  {place}
                </p>
              )}
              <LastActive iso={profile.lastActive} className="small text-body-secondary mb-3 d-block" />
              {profile.fictional && <FictionalBadge className="mb-3" />}
              <div className="mt-auto">
                {profile.isOwn ? (
                  <>
                    <p className="text-body-secondary">
                      <Trans>This is how other members see your profile.</Trans>
                    </p>
                    <Link to={paths.profile} className="btn btn-outline-primary">
                      <Trans>Edit my profile</Trans>
                    </Link>
                  </>
                ) : (
                  <LikeActions profileId={profile.id} name={profile.name} />
                )}
              </div>
            </Card.Body>
          </Col>
        </Row>
      </Card>

      {profile.note && (
        <Card className="border-0 shadow-sm mb-3">
          <Card.Body className="p-3 p-lg-4">
            <h2 className="h5">
              <Trans>About me</Trans>
            </h2>
            <p className="mb-0 member-note">{profile.note}</p>
          </Card.Body>
        </Card>
      )}

      <Card className="border-0 shadow-sm mb-3">
        <Card.Body className="p-3 p-lg-4">
          <h2 className="h5 mb-2">
            <Trans>Details</Trans>
          </h2>
          <ProfileDetails profile={profile} />
        </Card.Body>
      </Card>

      {profile.interests.length > 0 && (
        <Card className="border-0 shadow-sm mb-3">
          <Card.Body className="p-3 p-lg-4">
            <h2 className="h5">
              <Trans>Interests</Trans>
            </h2>
            <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
              {profile.interests.map((k) => (
                <li key={k}>
                  <Badge pill bg="light" text="dark" className="member-interest">
                    {label(INTEREST_LABELS, k)}
                  </Badge>
                </li>
              ))}
            </ul>
          </Card.Body>
        </Card>
      )}

      {profile.photos.length > 0 && (
        <Card className="border-0 shadow-sm mb-3">
          <Card.Body className="p-3 p-lg-4">
            <h2 className="h5">
              <Trans>Photos</Trans> <span className="text-body-secondary fw-normal">({profile.photoCount})</span>
            </h2>
            <PhotoGallery photos={profile.photos} name={profile.name} />
          </Card.Body>
        </Card>
      )}
      {!profile.isOwn && <RelatedProfiles profileId={profile.id} />}
      {!profile.isOwn && (
        <p className="text-end mb-0">
          <ReportProfileButton profileId={profile.id} name={profile.name} />{" "}
          <BlockMemberButton
            profileId={profile.id}
            name={profile.name}
            // flushSync: the live stream sees this move at once, not after a transition (live-member.tsx).
            onBlocked={() => navigate(paths.members, { state: blockedState(profile.name), flushSync: true })}
          />
        </p>
      )}
    </article>
  );
}
