import { paths } from "../../../app/paths";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Alert, Card, Form, ListGroup } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { LoadingState, ErrorState } from "../../../components/ui/states";
import { SafetySettingsLink } from "../../../components/safety-settings-link";
import { DeleteAccountLink } from "../../../components/delete-account-link";
import { useMe } from "../../../lib/api/use-me";
import { useUpdateSettings } from "../../../lib/api/use-update-settings";
import { appCodeOf } from "../../../lib/trpc";
import { useErrorText } from "../../../lib/errors";
import { activateLocale } from "../../../lib/i18n";
import { LOCALE_NAMES, LOCALES, type Locale } from "../../../lib/constants";
import { useChangePassword } from "../api/use-change-password";
import { useRequestEmailChange } from "../api/use-request-email-change";
import { useSessions } from "../api/use-sessions";
import { useEndSession } from "../api/use-end-session";
import { useExportData } from "../api/use-export-data";
import { dateTimeFormat } from "../../../lib/intl";
import { PendingButton } from "../../../components/ui/pending-button";
import { FieldControl, FieldFeedback } from "../../../components/ui/field";

/**
 * /settings (§2 account menu "Settings"): language (§4, saved to the account), send with Enter
 * (§9), change password (§5), change e-mail (confirmed by a link to the new address) and the
 * member's active sessions with "log out this device", and a download of the member's data.
 * E-mail notifications live on /notifications.
 */
export function AccountSettingsPage() {
  const { me } = useMe();
  if (!me) return <LoadingState />;
  return (
    <section aria-labelledby="settings-title" className="mx-auto d-grid gap-4" style={{ maxWidth: 640 }}>
      <h1 id="settings-title" className="h3 mb-0">
        <Trans>Settings</Trans>
      </h1>
      <PreferencesCard sendWithEnter={me.sendWithEnter} />
      <ChangePasswordCard />
      <ChangeEmailCard email={me.email} />
      <SessionsCard />
      <ExportCard />
      <SafetySettingsLink />
      <DeleteAccountLink />
    </section>
  );
}

function PreferencesCard({ sendWithEnter }: { sendWithEnter: boolean }) {
  const { i18n } = useLingui();
  const save = useUpdateSettings();
  return (
    <Card className="shadow-sm border-0">
      <Card.Body className="p-4">
        <Form.Group className="mb-4" controlId="settings-language">
          <Form.Label>
            <Trans>Language</Trans>
          </Form.Label>
          <Form.Select
            value={i18n.locale}
            onChange={async (e) => {
              const language = e.target.value as Locale;
              await activateLocale(language);
              save.mutate({ language });
            }}
          >
            {LOCALES.map((l) => (
              <option key={l} value={l} lang={l}>
                {LOCALE_NAMES[l]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Check
          type="switch"
          id="settings-send-with-enter"
          label={<Trans>Send chat messages with Enter</Trans>}
          checked={sendWithEnter}
          onChange={(e) => save.mutate({ sendWithEnter: e.target.checked })}
        />
        <p className="mt-2 mb-0">
          {/* A line of its own, padded to a 24 px touch target (WCAG 2.5.8) below the switch. */}
          <Link to={paths.notifications} className="d-inline-block py-1">
            <Trans>E-mail notifications</Trans>
          </Link>
        </p>
        {save.isSuccess && (
          <p role="status" className="text-success small mt-3 mb-0">
            <Trans>Saved.</Trans>
          </p>
        )}
      </Card.Body>
    </Card>
  );
}

interface PasswordForm {
  oldPassword: string;
  password: string;
  passwordRepeat: string;
}

function ChangePasswordCard() {
  const { t } = useLingui();
  const change = useChangePassword();
  const errorText = useErrorText();
  const { register, handleSubmit, formState, getValues, reset, setError } = useForm<PasswordForm>();
  const onSubmit = handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => reset(),
      // §5 'Please check your old password.' on the field it is about, which takes the focus (a
      // screen reader then reads the field with its message).
      onError: (err) => {
        if (appCodeOf(err) === "OLD_PASSWORD_WRONG")
          setError("oldPassword", { message: errorText(err) }, { shouldFocus: true });
      },
    }),
  );
  return (
    <Card className="shadow-sm border-0">
      <Card.Body className="p-4">
        <h2 className="h5 mb-3">
          <Trans>Change password</Trans>
        </h2>
        {change.error && appCodeOf(change.error) !== "OLD_PASSWORD_WRONG" && (
          <Alert variant="danger" role="alert">
            {errorText(change.error)}
          </Alert>
        )}
        {change.isSuccess && (
          <Alert variant="success" role="status">
            <Trans>Your password is changed. You were logged out on your other devices.</Trans>
          </Alert>
        )}
        {/* An outcome stays only until the member edits the form again. */}
        <Form
          noValidate
          onSubmit={onSubmit}
          onChange={() => !change.isIdle && !change.isPending && change.reset()}
          aria-label={t`Change password`}
        >
          <Form.Group className="mb-3" controlId="settings-old-password">
            <Form.Label>
              <Trans>Old password</Trans>
            </Form.Label>
            <FieldControl
              type="password"
              autoComplete="current-password"
              isInvalid={!!formState.errors.oldPassword}
              {...register("oldPassword", { required: t`Enter your password` })}
            />
            <FieldFeedback>{formState.errors.oldPassword?.message}</FieldFeedback>
          </Form.Group>
          <Form.Group className="mb-3" controlId="settings-new-password">
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
          <Form.Group className="mb-3" controlId="settings-new-password-repeat">
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
          <PendingButton type="submit" pending={change.isPending}>
            <Trans>Change password</Trans>
          </PendingButton>
        </Form>
      </Card.Body>
    </Card>
  );
}

function ChangeEmailCard({ email }: { email: string }) {
  const { t } = useLingui();
  const request = useRequestEmailChange();
  const errorText = useErrorText();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset, setError } = useForm<{ email: string; password: string }>();
  const onSubmit = handleSubmit((values) =>
    request.mutate(values, {
      onSuccess: () => {
        setSentTo(values.email);
        reset();
      },
      onError: (err) => {
        if (appCodeOf(err) === "OLD_PASSWORD_WRONG") setError("password", { message: errorText(err) });
      },
    }),
  );
  return (
    <Card className="shadow-sm border-0">
      <Card.Body className="p-4">
        <h2 className="h5 mb-1">
          <Trans>Change e-mail address</Trans>
        </h2>
        <p className="text-body-secondary">
          <Trans>
            Your address is <strong>{email}</strong>.
          </Trans>
        </p>
        {request.error && appCodeOf(request.error) !== "OLD_PASSWORD_WRONG" && (
          <Alert variant="danger" role="alert">
            {errorText(request.error)}
          </Alert>
        )}
        {sentTo && (
          <Alert variant="success" role="status">
            <Trans>
              We sent a link to <strong>{sentTo}</strong>. Your address changes when you open it.
            </Trans>
          </Alert>
        )}
        <Form
          noValidate
          onSubmit={onSubmit}
          onChange={() => !request.isIdle && !request.isPending && request.reset()}
          aria-label={t`Change e-mail address`}
        >
          <Form.Group className="mb-3" controlId="settings-new-email">
            <Form.Label>
              <Trans>New e-mail address</Trans>
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
          <Form.Group className="mb-3" controlId="settings-email-password">
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
          <PendingButton type="submit" pending={request.isPending}>
            <Trans>Send confirmation link</Trans>
          </PendingButton>
        </Form>
      </Card.Body>
    </Card>
  );
}

function SessionsCard() {
  const { t, i18n } = useLingui();
  const sessions = useSessions();
  const end = useEndSession();
  const errorText = useErrorText();
  const format = dateTimeFormat(i18n.locale, { dateStyle: "medium", timeStyle: "short" });
  return (
    <Card className="shadow-sm border-0">
      <Card.Body className="p-4">
        <h2 className="h5 mb-3">
          <Trans>Active sessions</Trans>
        </h2>
        {sessions.error && <ErrorState message={errorText(sessions.error)} onRetry={() => sessions.refetch()} />}
        {end.error && (
          <Alert variant="danger" role="alert">
            {errorText(end.error)}
          </Alert>
        )}
        {sessions.isLoading && <LoadingState />}
        <ListGroup variant="flush" aria-label={t`Active sessions`}>
          {sessions.data?.map((s) => {
            const since = format.format(new Date(s.createdAt));
            return (
              <ListGroup.Item key={s.id} className="d-flex justify-content-between align-items-center gap-2 px-0">
                <span>
                  {s.current ? <Trans>This device</Trans> : <Trans>Another device</Trans>}
                  <br />
                  <small className="text-body-secondary">
                    <Trans>Logged in since {since}</Trans>
                  </small>
                </span>
                {!s.current && (
                  <PendingButton
                    variant="outline-danger"
                    size="sm"
                    className="text-nowrap flex-shrink-0"
                    pending={end.isPending}
                    aria-label={t`Log out the device logged in since ${since}`}
                    onClick={() => end.mutate({ sessionId: s.id })}
                  >
                    <Trans>Log out</Trans>
                  </PendingButton>
                )}
              </ListGroup.Item>
            );
          })}
        </ListGroup>
      </Card.Body>
    </Card>
  );
}

function ExportCard() {
  const exporter = useExportData();
  const errorText = useErrorText();
  return (
    <Card className="shadow-sm border-0">
      <Card.Body className="p-4">
        <h2 className="h5 mb-2">
          <Trans>Your data</Trans>
        </h2>
        <p className="text-body-secondary">
          <Trans>
            Download everything we store about you (account, profile, photos as links, likes, messages, payments and
            sessions) as a JSON file.
          </Trans>
        </p>
        {exporter.error !== null && (
          <Alert variant="danger" role="alert">
            {errorText(exporter.error)}
          </Alert>
        )}
        <PendingButton variant="outline-primary" pending={exporter.isPending} onClick={() => void exporter.download()}>
          <Trans>Download my data</Trans>
        </PendingButton>
      </Card.Body>
    </Card>
  );
}
