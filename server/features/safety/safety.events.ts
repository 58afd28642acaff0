/** Events the safety feature puts on a member's live stream (see live.service.ts). */
export type SafetyEvent =
  /**
   * §4 a block between the member and `profileId`: the conversations `conversationIds` and the
   * likes between them are gone; every open tab drops them at once. `byMe`: the member blocked
   * (false: `profileId` blocked the member, whose tab then offers a report; absent in events
   * stored before 2026-11-27).
   */
  { type: "member.blocked"; profileId: number; conversationIds: number[]; byMe?: boolean };
