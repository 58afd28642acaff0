import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { Alert, Card, Form } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { useErrorText } from "../../../lib/errors";
import { appCodeOf } from "../../../lib/trpc";
import { useRequestPasswordReset } from "../api/use-request-password-reset";
import { useCompletePasswordReset } from "../api/use-complete-password-reset";
import { useCheckPasswordResetLink } from "../api/use-check-password-reset-link";
import { useLinkToken } from "../../../lib/use-link-token";
import { LoadingState } from "../../../components/ui/states";
import { useViewFocus } from "../../../components/layouts/page-shell";
import type { NoticeState } from "../../../app/url-params";
import { paths } from "../../../app/paths";
import { PendingButton } from "../../../components/ui/pending-button";
import { FieldControl, FieldFeedback } from "../../../components/ui/field";

/**
 * §2 /reset-password: the member's e-mail address; a link valid for one hour is mailed. The answer
 * is the same whether or not an account has the address (docs/decisions.md, account enumeration).
 */
export function ResetPasswordPage() {
  const { t } = useLingui();
  const request = useRequestPasswordReset();
  const errorText = useErrorText();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ email: string }>();
  const onSubmit = handleSubmit((values) =>
    request.mutate({ email: values.email }, { onSuccess: () => setSentTo(values.email) }),
  );
  return (
    <Card className="auth-card mx-auto shadow-sm">
      <Card.Body className="p-4">
        <h1 className="h3 mb-3 text-center">
          <Trans>Forgot your password?</Trans>
        </h1>
        {sentTo ? (
          // The form is gone: the focus goes to what replaced it, so it is read out and the keyboard
          // goes on from here instead of from the top of the page.
          <Alert variant="success" role="status" tabIndex={-1} ref={(el: HTMLDivElement | null) => el?.focus()}>
            <Trans>
              If an account exists for <strong>{sentTo}</strong>, we have sent it a link to choose a new password. The
              link is valid for one hour.
            </Trans>
          </Alert>
        ) : (
          <>
            <p className="text-body-secondary">
              <Trans>Enter your e-mail address and we will send you a link to choose a new password.</Trans>
            </p>
            {request.error && (
              <Alert variant="danger" role="alert">
                {errorText(request.error)}
              </Alert>
            )}
            <Form noValidate onSubmit={onSubmit}>
              <Form.Group className="mb-4" controlId="reset-email">
                <Form.Label>
                  <Trans>E-mail</Trans>
                </Form.Label>
                <FieldControl
                  type="email"
                  autoComplete="email"
                  isInvalid={!!formState.errors.email}
                  {...register("email", {
                    required: t`Enter your e-mail address`,
                    pattern: { value: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: t`Invalid email` },
                  })}
                />
                <FieldFeedback>{formState.errors.email?.message}</FieldFeedback>
              </Form.Group>
              <PendingButton type="submit" className="w-100" size="lg" pending={request.isPending}>
                <Trans>Send me a link</Trans>
              </PendingButton>
            </Form>
          </>
        )}
        <p className="text-center mt-4 mb-0">
          <Link to="/login">
            <Trans>Back to log in</Trans>
          </Link>
        </p>
      </Card.Body>
    </Card>
  );
}

interface NewPasswordForm {
  password: string;
  passwordRepeat: string;
}

/**
 * §2 /reset-password/do?token=…: the link is checked as the page opens, so a used or expired one
 * says §8 'Link expired or invalid, request a new email.' before anything is typed; then the new
 * password twice (§5 'The entered passwords are not the same.'), and the member is logged in and
 * taken to the members area, which says the password is changed.
 */
export function ResetPasswordDoPage() {
  const { t } = useLingui();
  const token = useLinkToken();
  const navigate = useNavigate();
  const complete = useCompletePasswordReset();
  const errorText = useErrorText();
  const check = useCheckPasswordResetLink(token);
  const { register, handleSubmit, formState, getValues } = useForm<NewPasswordForm>();
  const onSubmit = handleSubmit((values) =>
    complete.mutate(
      { token, ...values },
      {
        onSuccess: () =>
          navigate(paths.members, { replace: true, state: { notice: "password-changed" } satisfies NoticeState }),
      },
    ),
  );
  // A check that could not be made (offline, too many tries) leaves the form: saving says why.
  const view = token.length < 10 || check.data?.usable === false ? "expired" : check.isPending ? "checking" : "form";
  // The outcome replaces the checking state: focus moves to its heading, so a screen reader says it.
  useViewFocus(view);
  if (view === "checking") {
    return (
      <Card className="auth-card mx-auto shadow-sm">
        <Card.Body className="p-4">
          <h1 className="h3 mb-3 text-center">
            <Trans>Choose a new password</Trans>
          </h1>
          <LoadingState />
        </Card.Body>
      </Card>
    );
  }
  if (view === "expired") {
    return (
      <Card className="auth-card mx-auto shadow-sm text-center">
        <Card.Body className="p-4">
          <h1 className="h3 mb-3">
            <Trans>This link can no longer be used</Trans>
          </h1>
          <p>
            <Trans>Link expired or invalid, request a new email.</Trans>
          </p>
          <Link to={paths.resetPassword} className="btn btn-primary">
            <Trans>Request a new link</Trans>
          </Link>
        </Card.Body>
      </Card>
    );
  }
  return (
    <Card className="auth-card mx-auto shadow-sm">
      <Card.Body className="p-4">
        <h1 className="h3 mb-3 text-center">
          <Trans>Choose a new password</Trans>
        </h1>
        {complete.error && (
          <Alert variant="danger" role="alert">
            {errorText(complete.error)}{" "}
            {/* A suspended or banned member's password is changed: a new link would not help. */}
            {!["ACCOUNT_SUSPENDED", "ACCOUNT_BANNED"].includes(appCodeOf(complete.error) ?? "") && (
              <Link to="/reset-password">{t`Request a new link`}</Link>
            )}
          </Alert>
        )}
        <Form noValidate onSubmit={onSubmit}>
          <Form.Group className="mb-3" controlId="reset-new-password">
            <Form.Label>
              <Trans>New password</Trans>
            </Form.Label>
            <FieldControl
              type="password"
              autoComplete="new-password"
              isInvalid={!!formState.errors.password}
              {...register("password", {
                required: t`Use at least 8 characters`,
                minLength: { value: 8, message: t`Use at least 8 characters` },
                maxLength: { value: 200, message: t`Use at most 200 characters` },
              })}
            />
            <FieldFeedback>{formState.errors.password?.message}</FieldFeedback>
          </Form.Group>
          <Form.Group className="mb-4" controlId="reset-new-password-repeat">
            <Form.Label>
              <Trans>Repeat the new password</Trans>
            </Form.Label>
            <FieldControl
              type="password"
              autoComplete="new-password"
              isInvalid={!!formState.errors.passwordRepeat}
              {...register("passwordRepeat", {
                validate: (v) => v === getValues("password") || t`The entered passwords are not the same.`,
              })}
            />
            <FieldFeedback>{formState.errors.passwordRepeat?.message}</FieldFeedback>
          </Form.Group>
          <PendingButton type="submit" className="w-100" size="lg" pending={complete.isPending}>
            <Trans>Save and log in</Trans>
          </PendingButton>
        </Form>
      </Card.Body>
    </Card>
  );
}
