import { trpc } from "../../../lib/trpc";

/** moderation.reinstate (operators only): the queue and its audit refresh afterwards. */
export function useReinstate() {
  const utils = trpc.useUtils();
  return trpc.moderation.reinstate.useMutation({ onSettled: () => void utils.moderation.queue.invalidate() });
}
