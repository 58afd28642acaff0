import { useState } from "react";
import { Navigate, useNavigate } from "react-router";
import { Card } from "react-bootstrap";
import { Trans } from "@lingui/react/macro";
import { useMe } from "../../../lib/api/use-me";
import { SignupForm } from "../components/signup-form";
import { paths } from "../../../app/paths";

/**
 * §2 /signup (step 0 of the §4 signup steps: the account): logged-in members go to the member
 * search; a new account continues with the next steps on /complete-signup.
 */
export function SignupPage() {
  const { me } = useMe();
  const navigate = useNavigate();
  // Set when this page created the account: the member then goes on to the next step, not the search.
  const [created, setCreated] = useState(false);
  if (me && !created) return <Navigate to="/members" replace />;
  return (
    <Card className="auth-card mx-auto shadow-sm">
      <Card.Body className="p-4">
        <h1 className="h3 mb-1 text-center">
          <Trans>Create your free account</Trans>
        </h1>
        <p className="text-center text-body-secondary mb-4">
          <Trans>Meet singles near you in minutes.</Trans>
        </p>
        <SignupForm
          onDone={() => {
            setCreated(true);
            void navigate(paths.completeSignup, { replace: true });
          }}
        />
      </Card.Body>
    </Card>
  );
}
