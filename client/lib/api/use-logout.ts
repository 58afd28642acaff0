import { useNavigate } from "react-router";
import { trpc } from "../trpc";
import { setLoggingOut, useSessionChanged } from "../session";
import { forgetPushSubscription } from "../push";
import { forgetMemberOnThisDevice } from "../device-storage";

/** accounts.logout (§2 account menu): ends the session everywhere and goes home. */
export function useLogout() {
  const navigate = useNavigate();
  const sessionChanged = useSessionChanged();
  const mutation = trpc.accounts.logout.useMutation({
    // The 403s the logout itself causes (its sockets closed first) must not send the member to /login.
    onMutate: () => setLoggingOut(true),
    onSettled: async () => {
      // What this browser kept about the member goes (the §4 welcome time bonus's dismissals too).
      forgetMemberOnThisDevice();
      // The session has ended on the server: leave the member's page at once, then forget the
      // member (new socket, no cached data), as account deletion does. Neither a call answered
      // 403 nor the member-only page may send the visitor to /login?next=<that page> meanwhile:
      // - before the navigation starts: awaiting nothing first, and the logout flag;
      // - until it ends (it waits for the home screen's code): the flag, lowered only after it;
      // - after that, React Router draws the home screen in a transition, which a render for
      //   accounts.me answering "visitor" may come before: `flushSync` draws the navigation's
      //   start at once, and the member-only guard (app/router.tsx) waits while one is under way.
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
