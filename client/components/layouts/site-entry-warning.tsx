import { useState, type KeyboardEvent } from "react";
import { Button, Modal } from "react-bootstrap";
import { Link } from "react-router";
import { Trans } from "@lingui/react/macro";
import { useMe } from "../../lib/api/use-me";
import { paths } from "../../app/paths";
import { useSiteEntryWarning } from "../../lib/api/use-site-entry-warning";

/** localStorage key of the §4 "skipped timestamp" (ISO 8601 UTC of the visitor's entering). */
export const SITE_ENTRY_SKIPPED_KEY = "site-entry-skipped";
/** Where "Leave" takes a visitor who is not an adult. */
const LEAVE_URL = "https://www.google.com/";

function isInstalledApp(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return window.matchMedia?.("(display-mode: standalone)").matches || nav.standalone === true;
}

/**
 * Keep Tab and Shift+Tab inside the dialog (WCAG 2.4.3): from its last control back to the first
 * and the other way. Bootstrap's own trap only pulls focus back once it has left the page.
 */
function trapTab(e: KeyboardEvent<HTMLDivElement>) {
  if (e.key !== "Tab") return;
  const controls = [...e.currentTarget.querySelectorAll<HTMLElement>("a[href], button:not([disabled])")];
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (e.shiftKey && (active === first || !e.currentTarget.contains(active))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !e.currentTarget.contains(active))) {
    e.preventDefault();
    first.focus();
  }
}

function readSkipped(): string | null {
  try {
    return localStorage.getItem(SITE_ENTRY_SKIPPED_KEY);
  } catch {
    return null;
  }
}

/**
 * The browser's part of the §4 rule: not the installed app and not already skipped. The app asks
 * site.entryWarning at start-up only then (app/trpc-provider.tsx `prefetchFirstScreen`).
 */
export function entryWarningMayShow(): boolean {
  return !readSkipped() && !isInstalledApp();
}

/**
 * §4 site-entry warning (§1 "An adult-entry warning is shown; some layouts have a
 * country-restricted version for NL and DE"). Shown when: not the installed app (display-mode
 * standalone), not already skipped (a stored timestamp), not disabled by the site setting
 * (enable_site_entry_popup 'no'), not logged in, and — for the `countryLimited` version, the
 * lander layout's — the request's GeoIP country is NL or DE. The last three are decided by the
 * server (site.entryWarning). Entering records the skipped time; leaving goes elsewhere.
 * A dialog with its title as accessible name; focus stays inside (Bootstrap's focus trap).
 */
export function SiteEntryWarning({ countryLimited }: { countryLimited: boolean }) {
  const { me, isLoading } = useMe();
  const [skipped, setSkipped] = useState(readSkipped);
  const [installed] = useState(isInstalledApp);
  const ask = !isLoading && !me && !skipped && !installed;
  const server = useSiteEntryWarning(ask).data;
  const show = ask && !!server && (countryLimited ? server.showCountryLimited : server.show);
  if (!show) return null;
  const enter = () => {
    const now = new Date().toISOString();
    try {
      localStorage.setItem(SITE_ENTRY_SKIPPED_KEY, now);
    } catch {
      // Storage refused (private mode): the warning closes for this page view only.
    }
    setSkipped(now);
  };
  return (
    // No fade: the warning is there as the page opens; fading it in forced layouts on a phone's
    // first screen (Total Blocking Time, issue 11) and showed the page under it for a moment.
    <Modal
      show
      centered
      animation={false}
      backdrop="static"
      keyboard={false}
      aria-labelledby="site-entry-title"
      onHide={enter}
    >
      <div onKeyDown={trapTab}>
        <Modal.Header className="border-0 pb-0">
          <Modal.Title id="site-entry-title" as="h2" className="h4">
            <Trans>Adults only (18+)</Trans>
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>
            <Trans>
              This website is for adults only. It shows dating profiles and may contain content of an erotic nature.
            </Trans>
          </p>
          <p className="mb-0">
            <Trans>
              By entering you confirm that you are at least 18 years old and that you accept our{" "}
              <Link to={paths.terms} target="_blank" rel="noopener">
                terms
              </Link>
              .
            </Trans>
          </p>
        </Modal.Body>
        <Modal.Footer className="border-0 flex-column flex-sm-row">
          <Button variant="primary" size="lg" className="w-100 flex-sm-fill" onClick={enter}>
            <Trans>I am 18 or older, enter</Trans>
          </Button>
          {/* A link, not a button: it takes the visitor away from the site. */}
          <a href={LEAVE_URL} className="btn btn-outline-secondary btn-lg w-100 flex-sm-fill" rel="noreferrer">
            <Trans>Leave</Trans>
          </a>
        </Modal.Footer>
      </div>
    </Modal>
  );
}
