import { useEffect } from "react";
import { useLocation } from "react-router";
import { Trans } from "@lingui/react/macro";
import { setPageTitle } from "../../lib/page-title";

/** The pathname last announced, across layouts (a layout switch must not count as a first load). */
let lastPathname: string | null = null;

/**
 * WCAG 2.4.1 bypass blocks: the first focusable element of every layout, visible when focused,
 * jumping to the page's `<main id="main">`.
 */
export function SkipLink() {
  return (
    <a href="#main" className="visually-hidden-focusable skip-link">
      <Trans>Skip to main content</Trans>
    </a>
  );
}

/**
 * Route changes for assistive technology (issue 11): after each client-side navigation, focus
 * moves to the new page's first `<h1>` inside `<main id="main">` (made focusable with
 * tabindex=-1; `<main>` itself when the page has none), so a screen reader reads where it landed
 * and Tab continues from there. The page's h1 text also names the document title
 * ('Messages — Amora', lib/page-title.ts), kept in step while the heading changes (a profile's
 * name arriving). The first page load keeps the browser's own focus.
 * Renders nothing; put one in every layout.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  useEffect(() => {
    const main = document.getElementById("main");
    if (!main) return;
    const isNavigation = lastPathname !== null && lastPathname !== pathname;
    lastPathname = pathname;
    let focused = !isNavigation;
    let frame = 0;
    const sync = () => {
      frame = 0;
      const heading = main.querySelector("h1");
      setPageTitle({ page: heading?.textContent?.replace(/\s+/g, " ").trim() ?? "" });
      if (!focused && heading) {
        focused = true;
        if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
        // Unless the user already moved focus into the page (an autofocus field).
        if (!main.contains(document.activeElement) || document.activeElement === main)
          heading.focus({ preventScroll: true });
      }
    };
    const observer = new MutationObserver(() => {
      if (!frame) frame = requestAnimationFrame(sync);
    });
    observer.observe(main, { childList: true, subtree: true, characterData: true });
    sync();
    // A page without a heading: focus lands on <main> once it has settled.
    const fallback = window.setTimeout(() => {
      if (focused) return;
      focused = true;
      if (!main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
      main.focus({ preventScroll: true });
    }, 3000);
    return () => {
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
      window.clearTimeout(fallback);
    };
  }, [pathname]);
  return null;
}
