import { useEffect, useState } from "react";
import { Alert, Button, Container } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { useResendActivation } from "../../lib/api/use-resend-activation";
import { useMe } from "../../lib/api/use-me";
import { Link, useLocation } from "react-router";
import { paths } from "../../app/paths";
import { useSiteSettings } from "../../lib/api/use-site-settings";
import { usePushSubscribe } from "../../lib/api/use-push-subscribe";
import { currentSubscription, pushSupported, usePushState } from "../../lib/push";
import { useTurnOnPush } from "../../lib/api/use-turn-on-push";
import { BlockedByNotice, BlockedNotice } from "../block-member-button";
import { PendingButton } from "../ui/pending-button";
import { dismiss, useDismissal } from "../../lib/dismissal";
import { isMembersArea } from "./time-bonus";

const pushPromptName = (memberId: number) => `push-prompt:${memberId}`;

/**
 * Record that `memberId` declined the §2 push prompt, as its close button does: the signup steps'
 * push step calls it when the member skips that step, so the same question is not asked again on
 * the next page.
 */
export function dismissPushPrompt(memberId: number) {
  dismiss(pushPromptName(memberId));
}

/** §2 banners: a block's confirmation (§4) or another member's block of this one, the activation reminder, the disabled-e-mail-notifications alert and the push prompt. */
export function AlertBanners() {
  return (
    <>
      <BlockedNotice />
      <BlockedByNotice />
      <ActivationReminder />
      <NotificationsDisabledAlert />
      <PushPrompt />
    </>
  );
}

/** Members whose browser subscription was already sent to the account in this page's life. */
const pushSyncedFor = new Set<number>();

/**
 * §2 push-notification prompt: only for a logged-in member, when push is possible in this browser,
 * it is not yet subscribed (nor denied), and the site has a public key; dismissable (stored with
 * its timestamp). §4: a subscription is sent to the account when logged in (also an existing one,
 * once per page load), and a refusal is recorded as denied.
 */
function PushPrompt() {
  const { me } = useMe();
  const { data: settings } = useSiteSettings();
  const pushState = usePushState();
  const save = usePushSubscribe();
  const prompt = useDismissal(pushPromptName(me?.id ?? 0));
  // Only where messages, likes and matches are seen (the members area: search, profiles, chats,
  // likes). Elsewhere its dock would cover the page's own controls on a phone (the swipe game's
  // buttons, a package's Choose, Delete my account), and the signup steps have a push step of
  // their own (§4).
  const { pathname } = useLocation();
  const onItsPages = isMembersArea(pathname) && pathname !== paths.premium;
  const { turnOn: turnOnPush, asking } = useTurnOnPush();
  // The browser's push service or our server refused the last try (said under the offer).
  const [failed, setFailed] = useState(false);
  const publicKey = settings?.push_public_key ?? null;
  const saveMutate = save.mutate;
  const { t } = useLingui();
  const visible = !!me && !!publicKey && pushSupported() && pushState === false && !prompt.dismissed && onItsPages;

  // Room under the page while the prompt is docked over its foot (theme.css), so the last search
  // cards or the swipe game's buttons can still be scrolled into view above it.
  useEffect(() => {
    if (!visible) return;
    document.body.classList.add("has-push-prompt");
    return () => document.body.classList.remove("has-push-prompt");
  }, [visible]);

  useEffect(() => {
    if (!me || pushState !== "subscribed" || pushSyncedFor.has(me.id)) return;
    const subscription = currentSubscription();
    if (!subscription?.endpoint || !subscription.keys?.p256dh || !subscription.keys.auth) return;
    pushSyncedFor.add(me.id);
    saveMutate({
      subscription: {
        endpoint: subscription.endpoint,
        expirationTime: subscription.expirationTime ?? null,
        keys: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
      },
    });
  }, [me, pushState, saveMutate]);

  if (!visible || !me || !publicKey) return null;
  const turnOn = async () => {
    // This page's subscription is sent by turnOnPush itself: the effect above must not send it again.
    pushSyncedFor.add(me.id);
    setFailed((await turnOnPush(publicKey)) === "failed");
  };
  // Docked at the foot of the screen (theme.css): it shows after the page, once the service worker
  // answers, and must not push the page down (CLS ≤ 0.02, issue 11).
  return (
    <Container className="push-prompt-dock">
      <Alert
        variant="light"
        dismissible
        onClose={prompt.dismiss}
        closeLabel={t`Close`}
        className="mb-0 border push-prompt"
        // An offer, not an alert: not announced as urgent on every page it shows on.
        role="status"
      >
        <div className="d-flex flex-wrap align-items-center gap-2">
          <svg
            viewBox="0 0 24 24"
            width="24"
            height="24"
            aria-hidden="true"
            focusable="false"
            className="text-primary d-none d-sm-block"
          >
            <path
              fill="currentColor"
              d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
            />
          </svg>
          <span className="me-auto flex-grow-1" style={{ flexBasis: "12rem" }}>
            <Trans>Get a notification when someone writes to you, likes you or matches with you.</Trans>
            {failed && (
              <span className="d-block text-danger-emphasis small mt-1">
                <Trans>Notifications could not be turned on. Please try again later.</Trans>
              </span>
            )}
          </span>
          <Button size="sm" variant="primary" onClick={() => void turnOn()} disabled={asking}>
            <Trans>Turn on notifications</Trans>
          </Button>
        </div>
      </Alert>
    </Container>
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
  const { t } = useLingui();
  if (!me?.notificationsDisabled || alert.dismissed || pathname.startsWith(paths.notifications)) return null;
  return (
    <Container className="pt-3">
      <Alert variant="info" dismissible onClose={alert.dismiss} closeLabel={t`Close`} className="mb-0">
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
  // The signup steps end on a step that says the same, with its own "send again" (§2).
  const onSignupSteps = useLocation().pathname.startsWith(paths.completeSignup);
  const activation = useDismissal(`activation:${me?.id ?? 0}`);
  const resend = useResendActivation();
  const { t } = useLingui();
  if (!me || me.status !== "not_confirmed" || me.profileStatus !== "disabled" || activation.dismissed || onSignupSteps)
    return null;
  return (
    <Container className="pt-3">
      <Alert variant="warning" dismissible onClose={activation.dismiss} closeLabel={t`Close`} className="mb-0">
        <Trans>
          Please confirm your e-mail address: we sent a link to <strong className="text-break">{me.email}</strong>.
          Until then, you cannot like or write to members, nor they to you.
        </Trans>{" "}
        {resend.isSuccess ? (
          <span role="status">
            <Trans>We sent the link again.</Trans>
          </span>
        ) : (
          <PendingButton
            variant="link"
            className="p-0 align-baseline"
            onClick={() => resend.mutate()}
            pending={resend.isPending}
          >
            <Trans>Send it again</Trans>
          </PendingButton>
        )}
      </Alert>
    </Container>
  );
}
