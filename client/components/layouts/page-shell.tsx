import { useEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";
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
 * name arriving). The first page load keeps the browser's own focus. A new page (a link, a
 * redirect; not Back or Forward, whose place the browser restores) opens at its top, not at the
 * previous page's scroll position (a form submitted at the bottom of /signup opened
 * /complete-signup scrolled past its title).
 * Renders nothing; put one in every layout.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    const main = document.getElementById("main");
    if (!main) return;
    const isNavigation = lastPathname !== null && lastPathname !== pathname;
    lastPathname = pathname;
    if (isNavigation && navigationType !== "POP") scrollToTop();
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
  }, [pathname, navigationType]);
  return null;
}

/** The window back at its top at once (Bootstrap's smooth `scroll-behavior` would glide there). */
function scrollToTop() {
  window.scrollTo({ top: 0, left: 0, behavior: "instant" });
}

/**
 * A new view inside one page (a step of /complete-signup, kept in `?step=`), announced as
 * RouteFocus announces a new page: the window goes back to its top and focus moves to the
 * view's `<h1>` in `<main id="main">`, so the view starts at its title, on screen and for a
 * screen reader. Nothing happens on the first render (RouteFocus handles arriving on the page).
 * @param view names the view shown; a change of it is a new view.
 */
export function useViewFocus(view: string) {
  const shown = useRef(view);
  useEffect(() => {
    if (shown.current === view) return;
    shown.current = view;
    scrollToTop();
    const heading = document.getElementById("main")?.querySelector("h1");
    if (!heading) return;
    if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
    heading.focus({ preventScroll: true });
  }, [view]);
}
