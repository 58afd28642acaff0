import { trpc } from "../../../lib/trpc";

/** moderation.suspend (operators only): the queue and its audit refresh afterwards. */
export function useSuspend() {
  const utils = trpc.useUtils();
  return trpc.moderation.suspend.useMutation({ onSettled: () => void utils.moderation.queue.invalidate() });
}
