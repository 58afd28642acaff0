import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { Card } from "react-bootstrap";
import { Trans } from "@lingui/react/macro";
import { LoadingState } from "../../../components/ui/states";
import { useActivate } from "../api/use-activate";
import { useLinkToken } from "../../../lib/use-link-token";

/**
 * The e-mail link lands here with ?token=…; the token is posted (a GET never changes state)
 * and the member goes on to /activate/done or /activate/error (§2, §4).
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
        onSuccess: () => navigate("/activate/done", { replace: true }),
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
  return (
    <Card className="auth-card shadow-sm text-center">
      <Card.Body className="p-4">
        <div className="display-4 text-success" aria-hidden="true">
          ✓
        </div>
        <h1 className="h3">
          <Trans>Your e-mail address is confirmed</Trans>
        </h1>
        <p>
          <Trans>Your profile is now visible and other members can reply to you.</Trans>
        </p>
        <Link to="/members" className="btn btn-primary">
          <Trans>Search members</Trans>
        </Link>
      </Card.Body>
    </Card>
  );
}

export function ActivateErrorPage() {
  return (
    <Card className="auth-card shadow-sm text-center">
      <Card.Body className="p-4">
        <h1 className="h3">
          <Trans>Activation failed.</Trans>
        </h1>
        <p>
          <Trans>Link expired or invalid, request a new email.</Trans>
        </p>
        <Link to="/members" className="btn btn-primary">
          <Trans>Continue</Trans>
        </Link>
      </Card.Body>
    </Card>
  );
}
