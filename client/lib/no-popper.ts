/**
 * Stands in for @restart/ui's Popper module in the build (scripts/vite-no-popper.ts): the app
 * positions no overlay with Popper (its dropdowns are in the Navbar, drawn statically).
 * @throws Error when an overlay asks for Popper: remove the plugin before adding one.
 */
export function createPopper(): never {
  throw new Error(
    "Popper is left out of the build (scripts/vite-no-popper.ts): remove the plugin to position overlays",
  );
}

/** Popper's placement names, as @restart/ui re-exports them. */
export const placements = [] as const;
