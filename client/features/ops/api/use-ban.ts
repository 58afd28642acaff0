import { trpc } from "../../../lib/trpc";

/** moderation.ban (operators only): the queue and its audit refresh afterwards. */
export function useBan() {
  const utils = trpc.useUtils();
  return trpc.moderation.ban.useMutation({ onSettled: () => void utils.moderation.queue.invalidate() });
}
