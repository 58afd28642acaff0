import { Navigate, useNavigate } from "react-router";
import { Card } from "react-bootstrap";
import { Trans } from "@lingui/react/macro";
import { useMe } from "../../../lib/api/use-me";
import { SignupForm } from "../components/signup-form";

/** §2 /signup: logged-in members go to the member search. */
export function SignupPage() {
  const { me } = useMe();
  const navigate = useNavigate();
  if (me) return <Navigate to="/members" replace />;
  return (
    <Card className="auth-card mx-auto shadow-sm">
      <Card.Body className="p-4">
        <h1 className="h3 mb-1 text-center">
          <Trans>Create your free account</Trans>
        </h1>
        <p className="text-center text-body-secondary mb-4">
          <Trans>Meet singles near you in minutes.</Trans>
        </p>
        <SignupForm onDone={() => navigate("/members", { replace: true })} />
      </Card.Body>
    </Card>
  );
}
