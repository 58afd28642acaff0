import { Link } from "react-router";
import { Badge, Card, Col, Row } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { Avatar } from "../../../components/ui/avatar";
import { LoadingState } from "../../../components/ui/states";
import { useMe } from "../../../lib/api/use-me";
import { MyPhotosCard } from "../components/my-photos-card";
import { ProfileForm } from "../components/profile-form";
import { countryName, dateTimeFormat } from "../../../lib/intl";

/** §2 /profile: the member's own account at a glance, with a link to the public profile, photo management and profile editing. */
export function OwnProfilePage() {
  const { me } = useMe();
  const { t, i18n } = useLingui();
  if (!me) return <LoadingState />;
  const since = dateTimeFormat(i18n.locale, { dateStyle: "long" }).format(new Date(me.signupDate));
  const country = me.country ? countryName(me.country, i18n.locale) : "";
  return (
    <section aria-labelledby="own-profile-title" className="mx-auto" style={{ maxWidth: 720 }}>
      <Card className="shadow-sm border-0">
        <Card.Body className="p-4">
          <Row className="align-items-center g-4">
            <Col xs="auto">
              <Avatar src={me.mainImage?.url} name={me.name} size={112} />
            </Col>
            <Col>
              <h1 id="own-profile-title" className="h3 mb-1">
                {me.name}
              </h1>
              <p className="text-body-secondary mb-2">{country}</p>
              {me.paidUser ? (
                <Badge bg="warning" text="dark">{t`Premium`}</Badge>
              ) : (
                <Badge bg="secondary">{t`Free member`}</Badge>
              )}{" "}
              {me.status === "not_confirmed" && <Badge bg="danger">{t`E-mail not confirmed`}</Badge>}
            </Col>
          </Row>
          <dl className="row mt-4 mb-0">
            <dt className="col-sm-4">
              <Trans>E-mail</Trans>
            </dt>
            <dd className="col-sm-8">{me.email}</dd>
            <dt className="col-sm-4">
              <Trans>Member since</Trans>
            </dt>
            <dd className="col-sm-8">{since}</dd>
            <dt className="col-sm-4">
              <Trans>Credits</Trans>
            </dt>
            <dd className="col-sm-8">{me.credits}</dd>
            {!me.paidUser && (
              <>
                <dt className="col-sm-4">
                  <Trans>Free messages left</Trans>
                </dt>
                <dd className="col-sm-8">{me.freeMessagesLeft}</dd>
              </>
            )}
          </dl>
          <div className="d-flex gap-2 mt-4 flex-wrap">
            <Link to={`/members/${me.id}`} className="btn btn-primary">
              <Trans>View my public profile</Trans>
            </Link>
            <Link to="/settings" className="btn btn-outline-primary">
              <Trans>Settings</Trans>
            </Link>
          </div>
        </Card.Body>
      </Card>
      <MyPhotosCard />
      <ProfileForm />
    </section>
  );
}
