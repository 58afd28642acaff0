import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

/** Gifts in chat (server/features/chats/gifts.ts): each costs the site's gift_credits. */
export const GIFTS: ReadonlyArray<{
  key: "rose" | "heart" | "kiss" | "champagne" | "teddy" | "diamond";
  symbol: string;
  name: MessageDescriptor;
}> = [
  { key: "rose", symbol: "🌹", name: msg`Rose` },
  { key: "heart", symbol: "❤️", name: msg`Heart` },
  { key: "kiss", symbol: "💋", name: msg`Kiss` },
  { key: "champagne", symbol: "🥂", name: msg`Champagne` },
  { key: "teddy", symbol: "🧸", name: msg`Teddy bear` },
  { key: "diamond", symbol: "💎", name: msg`Diamond` },
];
export type GiftKey = (typeof GIFTS)[number]["key"];
