import { trpc } from "../../../lib/trpc";

/** moderation.approvePhoto (operators only): the queue and its audit refresh afterwards. */
export function useApprovePhoto() {
  const utils = trpc.useUtils();
  return trpc.moderation.approvePhoto.useMutation({ onSettled: () => void utils.moderation.queue.invalidate() });
}
