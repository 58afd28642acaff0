import { router, publicProcedure } from "../../trpc/init.js";
import { LanderMemberInput, LanderPhotosInput, PageBounceInput } from "./landers.schema.js";
import * as landers from "./landers.service.js";

/** Landing pages (§2 /landers/*, /members/{id}/landing…) and the §2 lb beacon: wiring only, public. */
export const landersRouter = router({
  /** Input { count 1–24 = 9, gender? }. Output { items: PublicProfileCard[] }. Errors: RATE_LIMITED (visitors per address). */
  photos: publicProcedure
    .input(LanderPhotosInput)
    .query(({ ctx, input }) => landers.landerPhotos(ctx.deps, input, ctx.member?.id ?? null)),
  /** Input { id }. Output PublicProfileCard. Errors: NOT_FOUND (unknown or hidden member), BLOCKED, RATE_LIMITED. */
  member: publicProcedure
    .input(LanderMemberInput)
    .query(({ ctx, input }) => landers.landerMember(ctx.deps, input.id, ctx.member?.id ?? null)),
  /** Input { path, seconds }. Output { ok: true }. Errors: VALIDATION, RATE_LIMITED. */
  pageBounce: publicProcedure
    .input(PageBounceInput)
    .mutation(({ ctx, input }) => landers.logPageBounce(ctx.deps, input, ctx.member !== null)),
});
