import { trpc } from "../../../lib/trpc";

/** accounts.activate: follow the e-mail link's token (§4). */
export function useActivate() {
  const utils = trpc.useUtils();
  return trpc.accounts.activate.useMutation({ onSuccess: () => utils.accounts.me.invalidate() });
}
