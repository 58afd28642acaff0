import { router, memberProcedure } from "../../trpc/init.js";
import { BlockInput, SetInvisibleInput } from "./safety.schema.js";
import * as safety from "./safety.service.js";

/** Safety (§4 blocking and invisible mode, §6, §8): wiring only. */
export const safetyRouter = router({
  /**
   * Input {profileId}. Output {blocked: true, profileId, conversationIds}. Errors: VALIDATION (self),
   * NOT_FOUND (unknown, or hidden from the caller and not a contact), RATE_LIMITED (RATE_LIMIT_BLOCK).
   */
  block: memberProcedure
    .input(BlockInput)
    .mutation(({ ctx, input }) => safety.blockMember(ctx.deps, ctx.member.id, input.profileId)),
  /** Input {profileId}. Output {blocked: false, profileId}. Idempotent. */
  unblock: memberProcedure
    .input(BlockInput)
    .mutation(({ ctx, input }) => safety.unblockMember(ctx.deps, ctx.member.id, input.profileId)),
  /** Output {members: {id, name (null: no longer shown to the caller), blockedAt}[]}: the members the caller blocked, newest first. */
  blocked: memberProcedure.query(({ ctx }) => safety.listBlocked(ctx.deps, ctx.member.id)),
  /** Output {invisible}. */
  settings: memberProcedure.query(({ ctx }) => safety.getSafetySettings(ctx.deps, ctx.member.id)),
  /** Input {invisible}. Output {invisible}. */
  setInvisible: memberProcedure
    .input(SetInvisibleInput)
    .mutation(({ ctx, input }) => safety.setInvisibleMode(ctx.deps, ctx.member.id, input.invisible)),
});
