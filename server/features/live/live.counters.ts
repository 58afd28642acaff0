import type { AppDeps } from "../../deps.js";
import { countUnread } from "../chats/chats.service.js";
import { countNewLikes } from "../likes/likes.service.js";

/** §2 badge totals: unread messages and new likes (the page title shows their sum). */
export async function getCounters(
  deps: AppDeps,
  userId: number,
): Promise<{ unreadMessages: number; newLikes: number }> {
  const [unreadMessages, newLikes] = await Promise.all([countUnread(deps, userId), countNewLikes(deps, userId)]);
  return { unreadMessages, newLikes };
}
