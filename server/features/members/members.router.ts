import { router, memberProcedure } from "../../trpc/init.js";
import { GetMemberInput, RegionsInput, SearchMembersInput } from "./members.schema.js";
import * as members from "./members.service.js";

/** Member search and profiles (§2 /members, /members/{id}): wiring only. */
export const membersRouter = router({
  search: memberProcedure.input(SearchMembersInput).query(({ ctx, input }) => members.searchMembers(ctx.deps, ctx.member.id, input)),
  get: memberProcedure.input(GetMemberInput).query(({ ctx, input }) => members.getMemberProfile(ctx.deps, ctx.member, input.id)),
  regions: memberProcedure.input(RegionsInput).query(({ input }) => members.listRegions(input.country)),
  interests: memberProcedure.query(() => members.listInterests()),
});
