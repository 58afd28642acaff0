import { Link, NavLink, useNavigate, useParams } from "react-router";
import { Alert, Badge, Card, Col, Nav, Row } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { EmptyState, ErrorState, LoadingState } from "../../../components/ui/states";
import { Avatar } from "../../../components/ui/avatar";
import { FictionalBadge } from "../../../components/ui/fictional-badge";
import { useErrorText } from "../../../lib/errors";
import { useLikes } from "../api/use-likes";
import { useLikesSuggestion } from "../api/use-likes-suggestion";
import { MatchModal } from "../components/match-modal";
import { SuggestionCard } from "../components/suggestion-card";

const TYPES = ["received", "sent", "match"] as const;
type LikeType = (typeof TYPES)[number];

/** §2 /likes, /likes/{type}: likes received (new first), sent, and matches. */
export function LikesPage() {
  const { t } = useLingui();
  const params = useParams();
  const type: LikeType = (TYPES as readonly string[]).includes(params.type ?? "")
    ? (params.type as LikeType)
    : params.id
      ? "match"
      : "received";
  const likes = useLikes(type);
  const suggestion = useLikesSuggestion();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const matchId = params.id !== undefined && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const openMatch = matchId !== null ? likes.data?.items.find((i) => i.profile.id === matchId && i.mutual) : undefined;
  // The §7 pick, unless it is already in the list below (a like received is, on its own tab):
  // the same member twice, one above the other, reads as a fault.
  const pick = suggestion.data;
  const suggested =
    pick && type !== "match" && likes.data && !likes.data.items.some((i) => i.profile.id === pick.profile.id)
      ? pick
      : null;
  const labels: Record<LikeType, string> = { received: t`Received`, sent: t`Sent`, match: t`Matches` };
  const empty: Record<LikeType, string> = {
    received: t`No one has liked you yet`,
    sent: t`You have not liked anyone yet`,
    match: t`No matches yet`,
  };

  return (
    <section aria-labelledby="likes-title">
      <h1 id="likes-title" className="h3 mb-3">
        <Trans>Likes</Trans>
      </h1>
      <Nav variant="pills" className="mb-4 gap-2 likes-tabs" as="ul">
        {TYPES.map((k) => (
          <Nav.Item as="li" key={k}>
            <Nav.Link as={NavLink} to={`/likes/${k}`} active={k === type}>
              {labels[k]}
              {k === "received" && likes.data && type === "received" && likes.data.totalNew > 0 && (
                <Badge bg="light" text="dark" pill className="ms-2">
                  {likes.data.totalNew}
                </Badge>
              )}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      {/* Not on the matches tab: a like to answer or a member to like is no match. */}
      {suggested && <SuggestionCard suggestion={suggested} />}
      {params.id !== undefined && likes.data && !openMatch && (
        <Alert variant="info">
          <Trans>You have no match with this member (yet).</Trans>{" "}
          {matchId !== null && (
            <Link to={`/members/${matchId}`}>
              <Trans>View the profile</Trans>
            </Link>
          )}
        </Alert>
      )}
      {openMatch && (
        <MatchModal profile={openMatch.profile} onClose={() => navigate("/likes/match", { replace: true })} />
      )}
      {likes.isLoading ? (
        <LoadingState />
      ) : likes.error ? (
        <ErrorState message={errorText(likes.error)} onRetry={() => void likes.refetch()} />
      ) : likes.data!.items.length === 0 ? (
        <EmptyState title={empty[type]}>
          <Link to="/members" className="btn btn-primary">
            <Trans>Search members</Trans>
          </Link>
        </EmptyState>
      ) : (
        <Row xs={2} sm={3} lg={4} className="g-3 list-unstyled" as="ul" role="list" aria-label={labels[type]}>
          {likes.data!.items.map((item) => (
            <Col as="li" key={item.profile.id} className="list-unstyled">
              <Card className="h-100 shadow-sm like-card position-relative">
                <div className="ratio ratio-1x1 bg-body-secondary rounded-top overflow-hidden">
                  {item.profile.mainImage ? (
                    <img src={item.profile.mainImage.thumbUrl} alt="" className="object-fit-cover" loading="lazy" />
                  ) : (
                    <div className="d-flex align-items-center justify-content-center">
                      <Avatar name={item.profile.name} size={64} />
                    </div>
                  )}
                </div>
                <Card.Body className="p-2">
                  <Link
                    to={`/members/${item.profile.id}`}
                    className="stretched-link fw-semibold text-body text-decoration-none"
                  >
                    {item.profile.name}, {item.profile.age}
                  </Link>
                  <div className="small text-body-secondary text-truncate">{item.profile.city}</div>
                  <div className="d-flex flex-wrap gap-1 mt-1">
                    {item.isNew && <Badge bg="danger">{t`New`}</Badge>}
                    {item.mutual && type !== "match" && <Badge bg="success">{t`Match`}</Badge>}
                    {item.profile.fictional && <FictionalBadge compact className="position-relative" />}
                  </div>
                </Card.Body>
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </section>
  );
}
