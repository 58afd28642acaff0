import { useEffect, useState, useSyncExternalStore } from "react";
import { Link, useLocation } from "react-router";
import { Alert, Button, Container, Modal } from "react-bootstrap";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMe } from "../../lib/api/use-me";
import { useTimeBonus } from "../../lib/time-bonus";
import { TIME_BONUS_MODAL_DELAY_MS } from "../../lib/constants";
import { GiftIcon } from "../ui/gift-icon";
import { useDismissal } from "../../lib/dismissal";
import "./time-bonus.css";

/** Names of the time-bonus dismissals (lib/dismissal.ts, under the shared prefix, cleared on logout). */
const TIME_BONUS_DISMISSAL = "time-bonus";

/** §2 members area: members, members-id, chats, likes, likes-m-id and premium. */
export function isMembersArea(pathname: string): boolean {
  return /^\/(members(\/\d+)?|chats|likes(\/m\/\d+)?|premium)\/?$/.test(pathname);
}

/**
 * §2, §4 time-bonus banner: for a logged-in member in the members area while the welcome bonus
 * runs, counting down every second as hh:mm:ss, linking to the credits page. Dismissible.
 */
export function TimeBonusBanner() {
  const { me } = useMe();
  const bonus = useTimeBonus();
  const { pathname } = useLocation();
  const { t } = useLingui();
  const banner = useDismissal(`${TIME_BONUS_DISMISSAL}-banner:${me?.id ?? 0}`);
  if (!me || !bonus || banner.dismissed || !isMembersArea(pathname)) return null;
  const { timeLeft, percentage } = bonus;
  return (
    <Container className="pt-3">
      <Alert
        variant="light"
        dismissible
        onClose={banner.dismiss}
        className="time-bonus-banner mb-0 d-flex align-items-center gap-3"
        closeLabel={t`Close`}
      >
        <GiftIcon size={28} className="time-bonus-icon" />
        <span className="d-flex flex-column flex-md-row flex-md-wrap column-gap-2">
          <span className="fw-semibold">
            <Trans>Welcome bonus: {percentage}% off your first credit package.</Trans>
          </span>
          <Link to="/credits" className="time-bonus-link fw-bold">
            <Trans>
              Act Fast, Only <span className="countdown">{timeLeft}</span> hours to Claim
            </Trans>
          </Link>
        </span>
      </Alert>
    </Container>
  );
}

/** The popup's own class on its `.modal` element. */
const OWN_DIALOG_CLASS = "time-bonus-modal";

/**
 * Whether a dialog other than the popup is open: React-Bootstrap's modals (the match, a block or
 * report, not enough credits) are portals, direct children of `body`, so watching its children
 * is enough (a chat's messages, deeper down, never wake the observer).
 */
function subscribeToDialogs(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { childList: true });
  return () => observer.disconnect();
}
const otherDialogOpen = () =>
  document.querySelector(`body > [role="dialog"]:not(.${OWN_DIALOG_CLASS}), body > dialog[open]`) !== null;

/**
 * §2, §4 time-bonus popup: 40 s after entering the members area, for a member with 0 credits
 * while the welcome bonus runs, unless dismissed; it states the 25 percent. Shown once per tab.
 * One dialog at a time: while another is open (a match that just came in, say) the popup waits,
 * and it gives way to one that opens over it; it shows once that one is closed.
 */
export function TimeBonusModal() {
  const { me } = useMe();
  const bonus = useTimeBonus();
  const { pathname } = useLocation();
  const { t } = useLingui();
  const popup = useDismissal(`${TIME_BONUS_DISMISSAL}-modal:${me?.id ?? 0}`);
  const [show, setShow] = useState(false);
  const otherDialog = useSyncExternalStore(subscribeToDialogs, otherDialogOpen, () => false);
  const inArea = isMembersArea(pathname);
  const eligible = !!me && !!bonus && me.credits === 0 && !popup.dismissed;
  const shownKey = `time-bonus-shown:${me?.id ?? 0}`;

  useEffect(() => {
    if (!inArea || !eligible || sessionStorage.getItem(shownKey)) return;
    const timer = setTimeout(() => {
      sessionStorage.setItem(shownKey, new Date().toISOString());
      setShow(true);
    }, TIME_BONUS_MODAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [inArea, eligible, shownKey]);

  const close = () => {
    setShow(false);
    popup.dismiss();
  };
  if (!bonus || !show) return null;
  return (
    <Modal show={!otherDialog} onHide={close} centered aria-labelledby="time-bonus-title" className={OWN_DIALOG_CLASS}>
      <Modal.Header closeButton closeLabel={t`Close`} className="border-0 pb-0">
        <Modal.Title id="time-bonus-title">
          <Trans>Your welcome bonus: {bonus.percentage} percent off</Trans>
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="text-center">
        <div className="time-bonus-percent" aria-hidden="true">
          −{bonus.percentage}%
        </div>
        <p className="lead mb-2">
          <Trans>Get {bonus.percentage} percent off your first credit package and become a premium member.</Trans>
        </p>
        <p className="mb-0">
          <Trans>
            Act Fast, Only <span className="countdown fw-bold">{bonus.timeLeft}</span> hours to Claim
          </Trans>
        </p>
      </Modal.Body>
      <Modal.Footer className="border-0 justify-content-center">
        <Button variant="outline-secondary" onClick={close}>
          <Trans>Not now</Trans>
        </Button>
        <Link to="/credits" className="btn btn-primary" onClick={close}>
          <Trans>Claim my {bonus.percentage}% bonus</Trans>
        </Link>
      </Modal.Footer>
    </Modal>
  );
}
