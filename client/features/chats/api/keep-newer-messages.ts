import { replaceEqualDeep } from "@tanstack/react-query";
import type { RouterOutputs } from "../../../lib/router-types";

type Conversation = RouterOutputs["chats"]["conversation"];

/**
 * A fetched newest page never hides a message the cache got while that fetch was on its way (a
 * send's answer, a live message.new): a poll or the live stream's catch-up may have read the
 * conversation just before the message was committed. Messages newer than the page's newest are
 * kept; everything else is the page's. Then React Query's own structural sharing.
 * Input: the cached conversation (undefined before the first answer) and the fetched one, both as
 * chats.conversation answers them (messages in seq order). Output: the conversation to cache.
 * Used as the query's `structuralSharing`, so it also runs on every setData of the query.
 */
export function keepNewerMessages(cached: unknown, fetched: unknown): unknown {
  const old = cached as Conversation | undefined;
  const page = fetched as Conversation;
  const newest = page.messages.reduce((max, m) => Math.max(max, m.seq), 0);
  const newer = old?.messages.filter((m) => m.seq > newest) ?? [];
  const merged = newer.length > 0 ? { ...page, messages: [...page.messages, ...newer] } : page;
  return replaceEqualDeep(old, merged);
}
