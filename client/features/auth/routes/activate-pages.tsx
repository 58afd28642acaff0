import { useEffect, useRef } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { Card } from "react-bootstrap";
import { Trans } from "@lingui/react/macro";
import { LoadingState } from "../../../components/ui/states";
import { useActivate } from "../api/use-activate";
import { useLinkToken } from "../../../lib/use-link-token";
import { useMe } from "../../../lib/api/use-me";
import { useResendActivation } from "../../../lib/api/use-resend-activation";
import { paths } from "../../../app/paths";
import { useErrorText } from "../../../lib/errors";
import { PendingButton } from "../../../components/ui/pending-button";

/** What /activate tells /activate/done (history state): the link had been used already. */
interface ActivateDoneState {
  alreadyConfirmed?: boolean;
}

/**
 * The e-mail link lands here with ?token=…; the token is posted (a GET never changes state)
 * and the member goes on to /activate/done or /activate/error (§2, §4). A link opened again once
 * the address is confirmed (a mail client's preview, a second tap) lands on /activate/done too,
 * saying it is already confirmed (docs/decisions.md "Confirmation links opened twice").
 */
export function ActivatePage() {
  const token = useLinkToken();
  const navigate = useNavigate();
  const activate = useActivate();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (token.length < 10) {
      navigate("/activate/error", { replace: true });
      return;
    }
    activate.mutate(
      { token },
      {
        onSuccess: (res) =>
          navigate(paths.activateDone, {
            replace: true,
            state: { alreadyConfirmed: res.alreadyConfirmed } satisfies ActivateDoneState,
          }),
        onError: () => navigate("/activate/error", { replace: true }),
      },
    );
  }, [activate, navigate, token]);
  // While the token is checked the page has its heading too, like every screen.
  return (
    <Card className="auth-card shadow-sm text-center">
      <Card.Body className="p-4">
        <h1 className="h3">
          <Trans>Confirming your e-mail address…</Trans>
        </h1>
        <LoadingState />
      </Card.Body>
    </Card>
  );
}

export function ActivateDonePage() {
  const already = (useLocation().state as ActivateDoneState | null)?.alreadyConfirmed === true;
  return (
    <Card className="auth-card shadow-sm text-center">
      <Card.Body className="p-4">
        <div className="display-4 text-success" aria-hidden="true">
          ✓
        </div>
        <h1 className="h3">
          {already ? (
            <Trans>Your e-mail address is already confirmed</Trans>
          ) : (
            <Trans>Your e-mail address is confirmed</Trans>
          )}
        </h1>
        <p>
          {already ? (
            <Trans>This link has done its work: your profile is visible and other members can reply to you.</Trans>
          ) : (
            <Trans>Your profile is now visible and other members can reply to you.</Trans>
          )}
        </p>
        <Link to="/members" className="btn btn-primary">
          <Trans>Search members</Trans>
        </Link>
      </Card.Body>
    </Card>
  );
}

/**
 * §2 /activate/error, §8 'Activation failed.': the link is unknown, expired or voided. The way on
 * is a new link: a member still to confirm gets one here (as the §2 activation reminder's "Send it
 * again"); a visitor logs in first and comes back here.
 */
export function ActivateErrorPage() {
  const { me, isLoading } = useMe();
  const resend = useResendActivation();
  const errorText = useErrorText();
  const toConfirm = me?.status === "not_confirmed";
  const email = me?.email ?? "";
  return (
    <Card className="auth-card shadow-sm text-center">
      <Card.Body className="p-4">
        <h1 className="h3">
          <Trans>Activation failed.</Trans>
        </h1>
        <p>
          <Trans>Link expired or invalid, request a new email.</Trans>
        </p>
        {isLoading ? null : toConfirm ? (
          resend.isSuccess ? (
            <p role="status" className="alert alert-success">
              <Trans>
                We sent a new link to <strong className="text-break">{email}</strong>.
              </Trans>
            </p>
          ) : (
            <div className="d-grid gap-2 mb-2">
              {resend.error && (
                <p role="alert" className="alert alert-danger mb-0">
                  {errorText(resend.error)}
                </p>
              )}
              <PendingButton onClick={() => resend.mutate()} pending={resend.isPending}>
                <Trans>Send a new link</Trans>
              </PendingButton>
            </div>
          )
        ) : !me ? (
          <div className="d-grid gap-2 mb-2">
            <Link to={`${paths.login}?next=${encodeURIComponent(paths.activateError)}`} className="btn btn-primary">
              <Trans>Log in to get a new link</Trans>
            </Link>
          </div>
        ) : null}
        <Link to={paths.members} className={toConfirm || !me ? "btn btn-link" : "btn btn-primary"}>
          <Trans>Continue</Trans>
        </Link>
      </Card.Body>
    </Card>
  );
}
