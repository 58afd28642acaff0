import { Link, useLocation } from "react-router";
import { Alert, Container } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMe } from "../../lib/api/use-me";
import { paths } from "../../app/paths";
import { useDismissal } from "../../lib/dismissal";

/** §2: the profile-photo alert is hidden on these routes. */
const HIDDEN_ON = [
  paths.profile,
  paths.signup,
  "/complete-signup",
  paths.activateDone,
  paths.premium,
  paths.notifications,
  paths.directDebit,
  paths.settings,
];

/**
 * §2 profile-photo alert: a logged-in member without a main image is asked to add one (on
 * /profile); hidden on the routes §2 lists; dismissible, the dismissal stored with a timestamp.
 */
export function ProfilePhotoAlert() {
  const { me } = useMe();
  const { pathname } = useLocation();
  const { t } = useLingui();
  const { dismissed, dismiss } = useDismissal(`profile-photo:${me?.id ?? 0}`);
  if (!me || me.mainImage || dismissed) return null;
  if (HIDDEN_ON.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return null;
  return (
    <Container className="pt-3">
      <Alert variant="info" role="status" dismissible onClose={dismiss} closeLabel={t`Close`} className="mb-0">
        <Trans>
          Members with a photo get far more replies. <Link to={paths.profile}>Add a profile photo</Link>
        </Trans>
      </Alert>
    </Container>
  );
}
