import { useCallback, useSyncExternalStore } from "react";
import { useNavigate } from "react-router";
import { useMe } from "./api/use-me";

/**
 * §2 "Opening signup: Logged in: go to members. Smartphone: the signup page. Otherwise: the
 * signup modal." Every "sign up" button of the site goes through `useOpenSignup()`; the modal
 * itself (features/auth SignupModal) is mounted by the app (app/signup-modal-host.tsx) and reads
 * this store.
 */

/** A smartphone, for §2: a screen narrower than Bootstrap's sm breakpoint (576 px, §9). */
export const SMARTPHONE_QUERY = "(max-width: 575.98px)";

let open = false;
const listeners = new Set<() => void>();
function setOpen(next: boolean) {
  if (open === next) return;
  open = next;
  for (const l of listeners) l();
}
function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** Whether the signup modal is open (for the modal's host). */
export function useSignupModalOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
}

/** Close the signup modal (its close button, or after signing up). */
export function closeSignupModal(): void {
  setOpen(false);
}

/**
 * @returns `openSignup()`: a member goes to /members, a smartphone to /signup, anyone else gets
 * the signup modal over the page they are on.
 */
export function useOpenSignup(): () => void {
  const { me } = useMe();
  const navigate = useNavigate();
  return useCallback(() => {
    if (me) navigate("/members");
    else if (window.matchMedia(SMARTPHONE_QUERY).matches) navigate("/signup");
    else setOpen(true);
  }, [me, navigate]);
}
