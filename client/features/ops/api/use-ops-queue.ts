import { trpc } from "../../../lib/trpc";

/** moderation.queue: open reports, unreviewed photos and the latest audit (operators only; FORBIDDEN otherwise). */
export function useOpsQueue() {
  return trpc.moderation.queue.useQuery(undefined, { retry: false, refetchInterval: 30_000 });
}
