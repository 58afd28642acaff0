/**
 * Gifts in chat (§1 'gifts … cost credits', §3 gift_credits): the catalogue. Each gift costs the
 * site's gift_credits; a gift is a chat message carrying the gift's key, its body the symbol.
 */
export const GIFT_KEYS = ["rose", "heart", "kiss", "champagne", "teddy", "diamond"] as const;
/** A gift's key. */
export type GiftKey = (typeof GIFT_KEYS)[number];

/** Each gift's symbol: the message body a gift carries. */
export const GIFTS: Readonly<Record<GiftKey, string>> = {
  rose: "🌹",
  heart: "❤️",
  kiss: "💋",
  champagne: "🥂",
  teddy: "🧸",
  diamond: "💎",
};
