import { trpc } from "../trpc";

/**
 * accounts.updateSettings: save the member's language (§4) or send-with-Enter (§9). The member's
 * cached account shows the change at once and takes the server's answer when it arrives.
 */
export function useUpdateSettings() {
  const utils = trpc.useUtils();
  return trpc.accounts.updateSettings.useMutation({
    onMutate: (change) => utils.accounts.me.setData(undefined, (old) => old && { ...old, ...change }),
    onSuccess: (user) => utils.accounts.me.setData(undefined, user),
  });
}
