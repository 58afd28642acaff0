import { useSyncExternalStore } from "react";
import { matchPath, useLocation, useNavigate } from "react-router";
import { useLingui } from "@lingui/react/macro";

/** §2: the screens with a back button in the installed app (members-id, likes-type, likes-m-id, credits, credits-id-paymentmethod). */
const BACK_BUTTON_ROUTES = ["/members/:id", "/likes/:type", "/likes/m/:id", "/credits", "/credits/:id/:paymentmethod?"];

const STANDALONE = "(display-mode: standalone)";

/** Whether the site runs as an installed app (display-mode standalone, or iOS's home-screen app). */
function useStandalone(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mq = window.matchMedia?.(STANDALONE);
      mq?.addEventListener("change", onChange);
      return () => mq?.removeEventListener("change", onChange);
    },
    () =>
      Boolean(window.matchMedia?.(STANDALONE).matches) ||
      (navigator as Navigator & { standalone?: boolean }).standalone === true,
    () => false,
  );
}

/**
 * §2 top bar: a back button, only in installed-app (standalone) mode, only with history (a page
 * reached by navigating inside the app), on members-id, likes-type, likes-m-id, credits and
 * credits-id-paymentmethod. A browser tab has its own back button: nothing is shown there.
 */
export function StandaloneBackButton() {
  const standalone = useStandalone();
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useLingui();
  const onRoute = BACK_BUTTON_ROUTES.some((pattern) => matchPath(pattern, location.pathname));
  // react-router gives the first entry of the session the key "default": nothing to go back to.
  if (!standalone || !onRoute || location.key === "default") return null;
  return (
    <button type="button" className="btn btn-link text-body px-2 me-1 back-button" onClick={() => navigate(-1)}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M15.4 4.6 8 12l7.4 7.4-1.4 1.4L5.2 12 14 3.2z" />
      </svg>
      <span className="visually-hidden">{t`Back`}</span>
    </button>
  );
}
