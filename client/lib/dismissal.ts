import { useState } from "react";

/** §2 Banners and alerts: each dismissal is stored in localStorage as `alert-dismissed:<name>`. */
const PREFIX = "alert-dismissed:";

/**
 * Record that the banner or popup `name` (e.g. `push-prompt:42`) was dismissed, with its
 * timestamp (ISO 8601), as its close button does.
 */
export function dismiss(name: string): void {
  localStorage.setItem(PREFIX + name, new Date().toISOString());
}

/**
 * Whether `name` was dismissed, and the way to dismiss it. Read on every render, so a dismissal
 * made elsewhere (the signup steps' push step), or under a name that changed (the member once
 * known), counts at once.
 * @returns { dismissed, dismiss() } — dismiss stores it and renders again.
 */
export function useDismissal(name: string): { dismissed: boolean; dismiss: () => void } {
  const [, rerender] = useState(0);
  return {
    dismissed: localStorage.getItem(PREFIX + name) !== null,
    dismiss: () => {
      dismiss(name);
      rerender((n) => n + 1);
    },
  };
}
