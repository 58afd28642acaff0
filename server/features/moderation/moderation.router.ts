import { router, publicProcedure } from "../../trpc/init.js";
import { operatorProcedure } from "../../trpc/operator.js";
import {
  MemberActionInput,
  PhotoActionInput,
  QueueInput,
  ReportActionInput,
  ReportInput,
} from "./moderation.schema.js";
import * as moderation from "./moderation.service.js";

/** Reporting and the operator console (issue 10): wiring only; the rules live in moderation.service.ts. */
export const moderationRouter = router({
  /** Report a profile, message or chat (members), or file a complaint (anyone). Errors: VALIDATION, NOT_FOUND, FORBIDDEN. */
  report: publicProcedure
    .input(ReportInput)
    .mutation(({ ctx, input }) => moderation.submitReport(ctx.deps, ctx.member, input, ctx.site)),
  /** The company's contact details for the complaints page (anyone). */
  contact: publicProcedure.query(({ ctx }) => moderation.complaintsContact(ctx.site)),
  /** Operators only (FORBIDDEN otherwise): open reports, unreviewed photos, the latest audit. */
  queue: operatorProcedure
    .input(QueueInput)
    .query(({ ctx, input }) => moderation.getQueue(ctx.deps, ctx.member.id, input?.limit)),
  dismiss: operatorProcedure
    .input(ReportActionInput)
    .mutation(({ ctx, input }) => moderation.dismissReport(ctx.deps, ctx.member.id, input.reportId, input.note)),
  approvePhoto: operatorProcedure
    .input(PhotoActionInput)
    .mutation(({ ctx, input }) => moderation.reviewPhoto(ctx.deps, ctx.member.id, input, "approve")),
  hidePhoto: operatorProcedure
    .input(PhotoActionInput)
    .mutation(({ ctx, input }) => moderation.reviewPhoto(ctx.deps, ctx.member.id, input, "hide")),
  warn: operatorProcedure
    .input(MemberActionInput)
    .mutation(({ ctx, input }) => moderation.decideAboutMember(ctx.deps, ctx.member.id, input, "warn", ctx.site)),
  suspend: operatorProcedure
    .input(MemberActionInput)
    .mutation(({ ctx, input }) => moderation.decideAboutMember(ctx.deps, ctx.member.id, input, "suspend", ctx.site)),
  reinstate: operatorProcedure
    .input(MemberActionInput)
    .mutation(({ ctx, input }) => moderation.decideAboutMember(ctx.deps, ctx.member.id, input, "reinstate", ctx.site)),
  ban: operatorProcedure
    .input(MemberActionInput)
    .mutation(({ ctx, input }) => moderation.decideAboutMember(ctx.deps, ctx.member.id, input, "ban", ctx.site)),
});
