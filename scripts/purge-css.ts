import path from "node:path";
import { fileURLToPath } from "node:url";
import purgeCss from "@fullhuman/postcss-purgecss";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * PostCSS plugin for the build (issue 11, "CSS only what is used"): PurgeCSS drops the rules of
 * Bootstrap's compiled CSS whose classes appear nowhere in the client's sources nor in
 * react-bootstrap's (~230 KB of CSS down to what the screens use; it is render-blocking).
 *
 * Classes built at run time are kept by the safelist: react-bootstrap composes `${prefix}-${value}`
 * from props (`bg="warning"` → `bg-warning`, `<Col md={7}>` → `col-md-7`, `variant`, `size`,
 * `expand`, `placement`), so whole component families are kept by prefix, and every class ending
 * in a theme colour. A class added to the code later is kept automatically when it is written out
 * in a source file (`className="…"`, or a string anywhere in client/); only a class assembled from
 * pieces outside these families needs an entry here. A react-bootstrap component imported for the
 * first time (ProgressBar, Toast, Tabs…) must be added to `bootstrapComponents` below, or its
 * CSS is dropped.
 *
 * Input: none. Output: the PostCSS plugin (only used by `vite build`; the dev server keeps all).
 */
export function purgeUnusedCss() {
  const bootstrapComponents = [
    "Alert",
    "Badge",
    "Button",
    "Card",
    "CloseButton",
    "Col",
    "Collapse",
    "Container",
    "Dropdown",
    "Fade",
    "Feedback",
    "Form",
    "InputGroup",
    "ListGroup",
    "Modal",
    "Nav",
    "Navbar",
    "Row",
    "Spinner",
    "Switch",
    "Table",
  ];
  return purgeCss({
    content: [
      `${root}/client/index.html`,
      `${root}/client/**/*.{ts,tsx}`,
      // Only the react-bootstrap components the client imports (and their parts: NavbarToggle, FormCheck…).
      `${root}/node_modules/react-bootstrap/esm/{${bootstrapComponents.join(",")}}*.js`,
    ],
    // Tokens with Bootstrap's characters (`col-md-7`, `w-100`, `g-sm-3`, `visually-hidden-focusable`).
    defaultExtractor: (content: string) => content.match(/[\w-]+/g) ?? [],
    safelist: {
      standard: [
        // Classes react-bootstrap composes from props: variant, bg, text, border, size, md, g, expand, placement.
        /^(btn|btn-outline|alert|bg|text|text-bg|border|badge)-(primary|secondary|success|danger|warning|info|light|dark|white|black|body)/,
        /^(btn|form-control|form-select|input-group|modal|spinner-border|spinner-grow)-(sm|lg|xl)$/,
        /^col(-(sm|md|lg|xl|xxl))?(-\d+|-auto)?$/,
        /^row-cols-/,
        /^g[xy]?-((sm|md|lg|xl|xxl)-)?\d$/,
        // Whole families of the components the client uses (their parts are `${prefix}-dialog`, …).
        /^(modal|alert|dropdown|nav|card|form|btn|badge|spinner|list-group|table|input-group|toast)(-|$)/,
        /^navbar(-(?!expand)|$)/,
        /^navbar-expand-lg$/, // the top bar collapses below lg (client/components/layouts/top-bar.tsx)
        /^(fade|show|showing|hiding|collapse|collapsing|collapse-horizontal|was-validated|is-valid|is-invalid|active|disabled)$/,
        /^(valid|invalid)-(feedback|tooltip)$/,
        /^(sticky|fixed)-(top|bottom)$/,
        /^(modal-open|modal-backdrop|rounded-pill)$/,
      ],
    },
    // Keep every custom property and keyframe (cheap, and read by our theme and inline styles).
    variables: false,
    keyframes: false,
    fontFace: false,
  });
}
