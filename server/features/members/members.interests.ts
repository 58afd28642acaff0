/**
 * §3 interests: about 50, "the full list is loaded from the server". Stable keys, stored in
 * profiles.interests; the client shows each in the member's language
 * (client/features/members/enum-labels.ts). Add keys at the end; never rename one.
 */
export const INTEREST_KEYS = [
  "relationship", "friendship", "flirting", "kissing", "cuddling", "romance", "casual_dating",
  "intimacy", "dancing", "travelling", "music", "concerts", "cooking", "dining_out", "wine",
  "coffee", "baking", "movies", "series", "theatre", "reading", "writing", "photography", "art",
  "museums", "fashion", "shopping", "gaming", "technology", "sports", "fitness", "running",
  "cycling", "swimming", "hiking", "yoga", "football", "tennis", "skiing", "surfing", "camping",
  "nature", "gardening", "animals", "dogs", "cats", "beach", "festivals", "volunteering",
  "meditation", "languages", "cars", "motorbikes", "board_games",
] as const;

export type InterestKey = (typeof INTEREST_KEYS)[number];
