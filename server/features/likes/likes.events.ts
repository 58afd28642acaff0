import type { ProfileSummary } from "../members/members.service.js";

/** Events the likes feature puts on a member's live stream. */
export type LikeEvent =
  /** Someone liked the member (§4: received likes, new first). */
  | { type: "like.new"; profile: ProfileSummary }
  /** A like became mutual: 'it's a match' (§2 modal), sent to both members. */
  | { type: "match.new"; profile: ProfileSummary }
  /** The member's new-like flags changed (a profile was opened, §4). */
  | { type: "likes.seen" };
