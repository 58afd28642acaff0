import { Alert, Card, Form } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { ErrorState, LoadingState } from "../../../components/ui/states";
import { useNotificationSettings } from "../../../lib/api/use-notification-settings";
import { useUpdateNotificationSettings } from "../../../lib/api/use-update-notification-settings";
import { useErrorText } from "../../../lib/errors";
import { PendingButton } from "../../../components/ui/pending-button";

type Preference =
  | "new_conversations"
  | "new_messages"
  | "like"
  | "unread_message_reminders"
  | "promotions"
  | "weekly_updates"
  | "news"
  | "reminders";

/** §3 Notification preferences (e-mail), in the spec's order, with what each one sends. */
const PREFERENCES: { key: Preference; label: MessageDescriptor; hint: MessageDescriptor }[] = [
  {
    key: "new_conversations",
    label: msg`New conversations`,
    hint: msg`When a member writes to you for the first time.`,
  },
  {
    key: "new_messages",
    label: msg`New messages`,
    hint: msg`At most one e-mail per conversation until you have read it.`,
  },
  { key: "like", label: msg`Likes and matches`, hint: msg`When someone likes you or you have a match.` },
  {
    key: "unread_message_reminders",
    label: msg`Unread message reminders`,
    hint: msg`When a message has waited unread for a day.`,
  },
  { key: "promotions", label: msg`Promotions`, hint: msg`Offers and discounts on credits.` },
  { key: "weekly_updates", label: msg`Weekly updates`, hint: msg`New members near you, once a week.` },
  { key: "news", label: msg`News`, hint: msg`News about the site.` },
  { key: "reminders", label: msg`Reminders`, hint: msg`Reminders about your profile and your account.` },
];

/**
 * §2 /notifications: the eight §3 e-mail preferences, each saved at once when switched; when
 * e-mail notifications are disabled (§3 notifications_disabled: unsubscribed, bounced or
 * reported as spam), why, and a button to switch them back on.
 */
export function NotificationsPage() {
  const { t, i18n } = useLingui();
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const errorText = useErrorText();
  if (settings.isPending) return <LoadingState />;
  if (settings.isError)
    return <ErrorState message={errorText(settings.error)} onRetry={() => void settings.refetch()} />;
  const { preferences, notificationsDisabled } = settings.data;
  const disabledReason =
    notificationsDisabled === "listunsubscribe"
      ? t`you unsubscribed from our e-mails`
      : notificationsDisabled === "bounce"
        ? t`e-mails to your address could not be delivered`
        : notificationsDisabled === "fbl"
          ? t`an e-mail from us was reported as spam`
          : null;
  return (
    <section aria-labelledby="notifications-title" className="mx-auto" style={{ maxWidth: 640 }}>
      <h1 id="notifications-title" className="h3 mb-3">
        <Trans>E-mail notifications</Trans>
      </h1>
      {disabledReason && (
        <Alert variant="warning" role="alert">
          <p className="mb-2">
            <Trans>We send you no e-mails at the moment: {disabledReason}.</Trans>
          </p>
          <PendingButton
            variant="warning"
            onClick={() => update.mutate({ enableNotifications: true })}
            pending={update.isPending}
          >
            <Trans>Turn e-mail notifications back on</Trans>
          </PendingButton>
        </Alert>
      )}
      <Card className="shadow-sm border-0">
        <Card.Body className="p-4">
          <p className="text-muted">
            <Trans>Choose which e-mails you get. Changes are saved at once.</Trans>
          </p>
          {PREFERENCES.map((p) => (
            <Form.Group key={p.key} className="mb-3">
              <Form.Check
                type="switch"
                id={`notify-${p.key}`}
                label={i18n._(p.label)}
                checked={preferences[p.key]}
                aria-describedby={`notify-${p.key}-hint`}
                onChange={(e) => update.mutate({ preferences: { [p.key]: e.target.checked } })}
              />
              <Form.Text id={`notify-${p.key}-hint`} className="d-block ms-5">
                {i18n._(p.hint)}
              </Form.Text>
            </Form.Group>
          ))}
          {update.isError && (
            <p role="alert" className="text-danger small mb-0">
              {errorText(update.error)}
            </p>
          )}
          {update.isSuccess && (
            <p role="status" className="text-success small mb-0">
              <Trans>Saved.</Trans>
            </p>
          )}
        </Card.Body>
      </Card>
    </section>
  );
}
