import { trpc } from "../../../lib/trpc";

/** moderation.warn (operators only): the queue and its audit refresh afterwards. */
export function useWarn() {
  const utils = trpc.useUtils();
  return trpc.moderation.warn.useMutation({ onSettled: () => void utils.moderation.queue.invalidate() });
}
