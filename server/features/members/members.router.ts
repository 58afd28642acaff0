import { router, memberProcedure, publicProcedure } from "../../trpc/init.js";
import {
  GetMemberInput,
  OwnPhotoInput,
  RegionsInput,
  SearchMembersInput,
  SetPhotoPrivateInput,
  UnlockPhotoInput,
  UpdateProfileInput,
} from "./members.schema.js";
import * as members from "./members.service.js";
import { unlockPhoto } from "./photo-unlocks.service.js";
import * as photos from "./photos.service.js";
import * as profileEdit from "./profile-edit.service.js";
import { listRelatedProfiles } from "./related.service.js";

/** Member search and profiles (§2 /members, /members/{id}): wiring only. */
export const membersRouter = router({
  /**
   * §2 /members search; for visitors too when §4 logged-out search allows (site-policy.ts).
   * Output SearchResult. Errors: AUTHENTICATION_REQUIRED (a visitor the settings keep out), RATE_LIMITED (search_ip).
   */
  search: publicProcedure
    .input(SearchMembersInput)
    .query(({ ctx, input }) => members.searchMembersFor(ctx.deps, ctx.member, ctx.site, ctx.trafficSource, input)),
  get: memberProcedure
    .input(GetMemberInput)
    .query(({ ctx, input }) => members.getMemberProfile(ctx.deps, ctx.member, input.id, ctx.site)),
  /** §2 related profiles of `id`: output { items: ProfileSummary[] } (visible ones only). Errors: NOT_FOUND. */
  related: memberProcedure
    .input(GetMemberInput)
    .query(({ ctx, input }) => listRelatedProfiles(ctx.deps, ctx.member.id, input.id)),
  /** A country's regions (static catalogue; public: the logged-out search form uses it too). */
  regions: publicProcedure.input(RegionsInput).query(({ input }) => members.listRegions(input.country)),
  interests: memberProcedure.query(() => members.listInterests()),
  /** /profile: the member's own editable profile (profile-edit.service OwnProfile). */
  myProfile: memberProcedure.query(({ ctx }) => profileEdit.getOwnProfile(ctx.deps, ctx.member.id)),
  /** /profile: save every profile field (§3, §5 as signup). Output: OwnProfile. Errors: VALIDATION. */
  updateProfile: memberProcedure
    .input(UpdateProfileInput)
    .mutation(({ ctx, input }) => profileEdit.updateOwnProfile(ctx.deps, ctx.member.id, input)),
  /** Buy access to a private photo for photo_credits. Errors: NOT_FOUND, PREMIUM_ONLY, NOT_ENOUGH_CREDITS. */
  unlockPhoto: memberProcedure
    .input(UnlockPhotoInput)
    .mutation(({ ctx, input }) => unlockPhoto(ctx.deps, ctx.member, input.photoId, ctx.site)),
  // §2 /profile photo management (photos.service.ts; uploads go through POST /media/upload, photos.http.ts).
  /** Own photos, never locked. Output: { photos: {id,isMain,isPrivate,url,thumbUrl}[], count, limit (§9: 3 or 25), premiumLimit, paidUser }. */
  myPhotos: memberProcedure.query(({ ctx }) => photos.listMyPhotos(ctx.deps, ctx.member.id)),
  /** Input {photoId}. Make it main (and public, §6). Output: as myPhotos. Errors: NOT_FOUND (not one's own photo). */
  setMainPhoto: memberProcedure
    .input(OwnPhotoInput)
    .mutation(({ ctx, input }) => photos.setMainPhoto(ctx.deps, ctx.member.id, input.photoId)),
  /** Input {photoId, isPrivate}. Output: as myPhotos. Errors: NOT_FOUND, VALIDATION (the main photo stays public). */
  setPhotoPrivate: memberProcedure
    .input(SetPhotoPrivateInput)
    .mutation(({ ctx, input }) => photos.setPhotoPrivate(ctx.deps, ctx.member.id, input.photoId, input.isPrivate)),
  /** Input {photoId}. Deletes row and files; a deleted main is replaced by the next public photo. Output: as myPhotos. Errors: NOT_FOUND. */
  deletePhoto: memberProcedure
    .input(OwnPhotoInput)
    .mutation(({ ctx, input }) => photos.deletePhoto(ctx.deps, ctx.member.id, input.photoId)),
});
