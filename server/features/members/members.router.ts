import { router, memberProcedure } from "../../trpc/init.js";
import { GetMemberInput, RegionsInput, SearchMembersInput, UnlockPhotoInput } from "./members.schema.js";
import * as members from "./members.service.js";
import { unlockPhoto } from "./photo-unlocks.service.js";

/** Member search and profiles (§2 /members, /members/{id}): wiring only. */
export const membersRouter = router({
  search: memberProcedure.input(SearchMembersInput).query(({ ctx, input }) => members.searchMembers(ctx.deps, ctx.member.id, input)),
  get: memberProcedure.input(GetMemberInput).query(({ ctx, input }) => members.getMemberProfile(ctx.deps, ctx.member, input.id)),
  regions: memberProcedure.input(RegionsInput).query(({ input }) => members.listRegions(input.country)),
  interests: memberProcedure.query(() => members.listInterests()),
  /** Buy access to a private photo for photo_credits. Errors: NOT_FOUND, PREMIUM_ONLY, NOT_ENOUGH_CREDITS. */
  unlockPhoto: memberProcedure.input(UnlockPhotoInput).mutation(({ ctx, input }) => unlockPhoto(ctx.deps, ctx.member, input.photoId)),
});
