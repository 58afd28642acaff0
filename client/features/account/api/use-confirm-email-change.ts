import { trpc } from "../../../lib/trpc";

/** security.confirmEmailChange: follow the link mailed to the new address (/mail-change/do). */
export function useConfirmEmailChange() {
  const utils = trpc.useUtils();
  return trpc.security.confirmEmailChange.useMutation({ onSuccess: () => utils.accounts.me.invalidate() });
}
