import { trpc } from "../trpc";
import { usePollInterval } from "../polling";
import type { RouterOutputs } from "../router-types";

/**
 * accounts.me: the logged-in member's own account (credits, premium, free messages left, settings).
 * `me` is null for a visitor and undefined while loading. Live events keep it fresh; while the
 * socket is down it is polled (§4).
 */
export function useMe() {
  const refetchInterval = usePollInterval();
  const q = trpc.accounts.me.useQuery(undefined, { staleTime: 30_000, refetchInterval });
  return { me: q.data, isLoading: q.isLoading };
}

/** The fields of accounts.me a charge's answer carries (chats.send, chats.sendGift, members.unlockPhoto). */
type ChargedFields = Partial<Pick<NonNullable<RouterOutputs["accounts"]["me"]>, "credits" | "freeMessagesLeft">>;

/**
 * Put a charge's answer (the balance after it, §2) into the cached account. A refetch of
 * accounts.me under way (a poll, the live stream's catch-up as the socket connects) may have read
 * the balance before this charge: it is cancelled first, or its older balance would replace this
 * one. A later change (a payment) comes with its own live event and refetch. Input: the query
 * utils of `trpc.useUtils()` and the fields to set; a visitor's null account is left as is.
 */
export function setBalanceAfterCharge(utils: ReturnType<typeof trpc.useUtils>, fields: ChargedFields): void {
  void utils.accounts.me.cancel().then(() => utils.accounts.me.setData(undefined, (me) => me && { ...me, ...fields }));
}
