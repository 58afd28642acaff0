import { router, memberProcedure } from "../../trpc/init.js";
import { ListLikesInput, ProfileIdInput } from "./likes.schema.js";
import * as likes from "./likes.service.js";
import { getLikesSuggestion } from "./auto-like.service.js";

/** Likes and matches (§2 /likes, §4): wiring only. */
export const likesRouter = router({
  like: memberProcedure
    .input(ProfileIdInput)
    .mutation(({ ctx, input }) => likes.like(ctx.deps, ctx.member.id, input.profileId)),
  unlike: memberProcedure
    .input(ProfileIdInput)
    .mutation(({ ctx, input }) => likes.unlike(ctx.deps, ctx.member.id, input.profileId)),
  list: memberProcedure
    .input(ListLikesInput)
    .query(({ ctx, input }) => likes.listLikes(ctx.deps, ctx.member.id, input.type)),
  status: memberProcedure
    .input(ProfileIdInput)
    .query(({ ctx, input }) => likes.likeStatus(ctx.deps, ctx.member.id, input.profileId)),
  markSeen: memberProcedure
    .input(ProfileIdInput)
    .mutation(({ ctx, input }) => likes.markLikeSeen(ctx.deps, ctx.member.id, input.profileId)),
  /** §8, §9 today's likes of a free member: output { limit, left, secondsUntilReset }, or null for premium. */
  quota: memberProcedure.query(({ ctx }) => likes.dailyLikeQuota(ctx.deps, ctx.member)),
  /** The /likes suggestion card (§7 auto-like): output { kind: 'received' | 'suggestion', profile } or null. */
  suggestion: memberProcedure.query(({ ctx }) => getLikesSuggestion(ctx.deps, ctx.member.id)),
});
