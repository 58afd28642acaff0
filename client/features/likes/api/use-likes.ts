import { trpc } from "../../../lib/trpc";
import { usePollInterval } from "../../../lib/polling";

/** likes.list: likes sent, received (new first, §4) or matches. */
export function useLikes(type: "sent" | "received" | "match") {
  return trpc.likes.list.useQuery({ type }, { refetchInterval: usePollInterval() });
}
