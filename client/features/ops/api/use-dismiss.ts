import { trpc } from "../../../lib/trpc";

/** moderation.dismiss (operators only): the queue and its audit refresh afterwards. */
export function useDismiss() {
  const utils = trpc.useUtils();
  return trpc.moderation.dismiss.useMutation({ onSettled: () => void utils.moderation.queue.invalidate() });
}
