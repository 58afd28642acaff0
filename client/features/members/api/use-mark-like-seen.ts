import { trpc } from "../../../lib/trpc";

/** likes.markSeen: §4 opening a profile clears its new-like flag; the badge counts refresh. */
export function useMarkLikeSeen() {
  const utils = trpc.useUtils();
  return trpc.likes.markSeen.useMutation({
    onSuccess: () => {
      void utils.live.counters.invalidate();
      void utils.likes.list.invalidate();
    },
  });
}
