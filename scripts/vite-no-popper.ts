import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const stub = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "client", "lib", "no-popper.ts");

/**
 * Leaves Popper (@popperjs/core, ~7 KB gzip) out of the build (issue 11, first-load JavaScript).
 * The app's only dropdowns are the top bar's NavDropdowns; inside a Navbar react-bootstrap draws
 * their menus statically (`usePopper: !isNavbar`), so Popper is imported by @restart/ui's
 * usePopper but never run. The chat header's "More actions" Dropdown passes a responsive `align`,
 * which draws it statically as well (chat-header-actions.tsx). Its `./popper` import resolves to client/lib/no-popper.ts instead,
 * which throws if a positioned overlay (a dropdown outside the Navbar, a tooltip, a popover) is
 * ever opened: remove this plugin when one is added (docs/decisions.md).
 */
export function noPopper(): Plugin {
  return {
    name: "amora-no-popper",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "./popper" && importer && /@restart[\\/]ui[\\/]esm[\\/]usePopper\.js$/.test(importer)) return stub;
      return null;
    },
  };
}
