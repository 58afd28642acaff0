import { useState } from "react";
import { Alert, Button, Container } from "react-bootstrap";
import { Trans } from "@lingui/react/macro";
import { useResendActivation } from "../../lib/api/use-resend-activation";
import { useMe } from "../../lib/api/use-me";
import { Link, useLocation } from "react-router";
import { paths } from "../../app/paths";

const DISMISS_KEY = "alert-dismissed:";

/** Dismissals are stored with a timestamp (§2 Banners and alerts). */
function useDismissal(name: string) {
  const [dismissedAt, setDismissedAt] = useState(() => localStorage.getItem(DISMISS_KEY + name));
  return {
    dismissed: dismissedAt !== null,
    dismiss: () => {
      const now = new Date().toISOString();
      localStorage.setItem(DISMISS_KEY + name, now);
      setDismissedAt(now);
    },
  };
}

/** §2 banners: the activation reminder and the disabled-e-mail-notifications alert. */
export function AlertBanners() {
  return (
    <>
      <ActivationReminder />
      <NotificationsDisabledAlert />
    </>
  );
}

/**
 * §2 disabled-email-notifications alert: e-mail is off (§3 notifications_disabled: unsubscribed,
 * bounced, reported as spam); leads to /notifications, where it can be switched back on. Not shown
 * on that page itself, which says the same.
 */
function NotificationsDisabledAlert() {
  const { me } = useMe();
  const { pathname } = useLocation();
  const alert = useDismissal(`notifications-disabled:${me?.id ?? 0}:${me?.notificationsDisabled ?? ""}`);
  if (!me?.notificationsDisabled || alert.dismissed || pathname.startsWith(paths.notifications)) return null;
  return (
    <Container className="pt-3">
      <Alert variant="info" dismissible onClose={alert.dismiss} className="mb-0">
        <Trans>
          You get no e-mail notifications at the moment. <Link to={paths.notifications}>Turn them back on</Link>
        </Trans>
      </Alert>
    </Container>
  );
}

/** §2 activation reminder: status not_confirmed with a disabled profile; can resend the mail. */
function ActivationReminder() {
  const { me } = useMe();
  const activation = useDismissal(`activation:${me?.id ?? 0}`);
  const resend = useResendActivation();
  if (!me || me.status !== "not_confirmed" || me.profileStatus !== "disabled" || activation.dismissed) return null;
  return (
    <Container className="pt-3">
      <Alert variant="warning" dismissible onClose={activation.dismiss} className="mb-0">
        <Trans>
          Please confirm your e-mail address: we sent a link to <strong>{me.email}</strong>. Until then, other members
          cannot reply to you.
        </Trans>{" "}
        {resend.isSuccess ? (
          <span role="status">
            <Trans>We sent the link again.</Trans>
          </span>
        ) : (
          <Button
            variant="link"
            className="p-0 align-baseline"
            onClick={() => resend.mutate()}
            disabled={resend.isPending}
          >
            <Trans>Send it again</Trans>
          </Button>
        )}
      </Alert>
    </Container>
  );
}
