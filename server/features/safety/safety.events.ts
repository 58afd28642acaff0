/** Events the safety feature puts on a member's live stream (see live.service.ts). */
export type SafetyEvent =
  /**
   * §4 a block between the member and `profileId` (whichever blocked): the conversations
   * `conversationIds` and the likes between them are gone; every open tab drops them at once.
   */
  { type: "member.blocked"; profileId: number; conversationIds: number[] };
