import { trpc } from "../../../lib/trpc";

/** likes.quota: a free member's likes left today and seconds until they renew (§8, §9); null for premium. */
export function useLikeQuota() {
  return trpc.likes.quota.useQuery(undefined, { staleTime: 30_000 });
}
