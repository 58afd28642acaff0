import { useNavigate } from "react-router";
import { trpc } from "../trpc";
import { setLoggingOut, useSessionChanged } from "../session";
import { forgetPushSubscription } from "../push";

/** accounts.logout (§2 account menu): ends the session everywhere and goes home. */
export function useLogout() {
  const navigate = useNavigate();
  const sessionChanged = useSessionChanged();
  const mutation = trpc.accounts.logout.useMutation({
    // The 403s the logout itself causes (its sockets closed first) must not send the member to /login.
    onMutate: () => setLoggingOut(true),
    onSettled: async () => {
      // §4: the welcome time bonus (and its banner and popup dismissals) clears on logout.
      for (const key of Object.keys(localStorage))
        if (key.startsWith("alert-dismissed:time-bonus")) localStorage.removeItem(key);
      for (const key of Object.keys(sessionStorage)) if (key.startsWith("time-bonus-")) sessionStorage.removeItem(key);
      // The session has ended on the server: leave the member's page at once, then forget the
      // member (new socket, no cached data), as account deletion does. Awaiting anything first
      // left a window where a call answered 403 sent the member to /login?next=<that page>, or
      // the member-only page sent the visitor there.
      // The logout stays "under way" until the navigation home has ended (it waits for the home
      // screen's code). React Router then draws the new page in a transition, which a render for
      // accounts.me answering "visitor" may come before: that render still draws the member's
      // page, whose guard (app/router.tsx RequireMember) must not send the visitor to
      // /login?next=<that page>. `flushSync` draws the navigation's start at once, so that guard
      // sees it under way (useNavigation) until the home screen replaces it.
      const leftThePage = navigate("/", { replace: true, flushSync: true });
      try {
        await sessionChanged();
        // Pushes for this member must not reach the next one on this device (issue 11).
        await forgetPushSubscription();
        await leftThePage;
      } finally {
        setLoggingOut(false);
      }
    },
  });
  return () => mutation.mutate();
}
