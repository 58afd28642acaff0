import { trpc } from "../../../lib/trpc";

/** safety.setInvisible (§4): invisible mode on or off; the switch shows the change at once. */
export function useSetInvisible() {
  const utils = trpc.useUtils();
  return trpc.safety.setInvisible.useMutation({
    onMutate: ({ invisible }) => utils.safety.settings.setData(undefined, { invisible }),
    onSettled: () => void utils.safety.settings.invalidate(),
  });
}
