import { trpc } from "../../../lib/trpc";
import { useSessionChanged } from "../../../lib/session";

/**
 * accounts.signup: creates the member, logs them in and mails the activation link.
 * `onCreated` runs first, before the session change refetches everything: a screen that sends a
 * logged-in member elsewhere (/signup goes to the search) must not win over the next signup step.
 */
export function useSignup(onCreated?: () => void) {
  const sessionChanged = useSessionChanged();
  return trpc.accounts.signup.useMutation({
    onSuccess: async () => {
      onCreated?.();
      await sessionChanged();
    },
  });
}
