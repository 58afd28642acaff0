import { trpc } from "../../../lib/trpc";

/** moderation.hidePhoto (operators only): the queue and its audit refresh afterwards. */
export function useHidePhoto() {
  const utils = trpc.useUtils();
  return trpc.moderation.hidePhoto.useMutation({ onSettled: () => void utils.moderation.queue.invalidate() });
}
