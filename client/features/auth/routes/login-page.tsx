import { useForm } from "react-hook-form";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { Alert, Card, Form } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMe } from "../../../lib/api/use-me";
import { useErrorText } from "../../../lib/errors";
import { useLogin } from "../api/use-login";
import { ReactivationOffer } from "../../../components/ui/reactivation-offer";
import { appCodeOf } from "../../../lib/trpc";
import { paths } from "../../../app/paths";
import { sameSitePath } from "../../../lib/same-site-path";
import { PendingButton } from "../../../components/ui/pending-button";
import { FieldControl, FieldFeedback } from "../../../components/ui/field";

interface LoginForm {
  email: string;
  password: string;
}

/** §2 /login: e-mail and password; §8 'Login failed, please try again.' */
export function LoginPage() {
  const { t } = useLingui();
  const { me } = useMe();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const errorText = useErrorText();
  const { register, handleSubmit, formState, getValues } = useForm<LoginForm>();
  const next = sameSitePath(params.get("next")) ?? "/members";
  if (me) return <Navigate to={next} replace />;
  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: () => navigate(next, { replace: true }),
      // A banned account is shown the §2 ban page (issue 10).
      onError: (err) => {
        if (appCodeOf(err) === "ACCOUNT_BANNED") navigate(`${paths.ban}?account=banned`);
      },
    }),
  );
  return (
    <Card className="auth-card mx-auto shadow-sm">
      <Card.Body className="p-4">
        <h1 className="h3 mb-4 text-center">
          <Trans>Log in</Trans>
        </h1>
        {login.error && (
          <Alert variant="danger" role="alert">
            {errorText(login.error)}
            {login.error.data?.appCode === "ACCOUNT_PENDING_DELETION" && (
              <ReactivationOffer email={getValues("email")} />
            )}
          </Alert>
        )}
        <Form noValidate onSubmit={onSubmit}>
          <Form.Group className="mb-3" controlId="login-email">
            <Form.Label>
              <Trans>E-mail</Trans>
            </Form.Label>
            <FieldControl
              type="email"
              autoComplete="email"
              isInvalid={!!formState.errors.email}
              {...register("email", { required: t`Enter your e-mail address` })}
            />
            <FieldFeedback>{formState.errors.email?.message}</FieldFeedback>
          </Form.Group>
          <Form.Group className="mb-4" controlId="login-password">
            <Form.Label>
              <Trans>Password</Trans>
            </Form.Label>
            <FieldControl
              type="password"
              autoComplete="current-password"
              isInvalid={!!formState.errors.password}
              {...register("password", { required: t`Enter your password` })}
            />
            <FieldFeedback>{formState.errors.password?.message}</FieldFeedback>
          </Form.Group>
          <PendingButton type="submit" className="w-100" size="lg" pending={login.isPending}>
            <Trans>Log in</Trans>
          </PendingButton>
        </Form>
        <p className="text-center mt-3 mb-0">
          <Link to="/reset-password">
            <Trans>Forgot password?</Trans>
          </Link>
        </p>
        <p className="text-center mt-4 mb-0">
          <Trans>
            New here? <Link to="/signup">Create a free account</Link>
          </Trans>
        </p>
      </Card.Body>
    </Card>
  );
}
