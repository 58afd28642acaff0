import { z } from "zod";
import { Id, INT32_MAX, Seq } from "../../validation.js";
import { memberText } from "../members/profile-fields.schema.js";

/** Reasons a member or visitor gives for a report (issue 10). */
export const REPORT_REASONS = ["spam", "fake_profile", "harassment", "underage", "offensive_photo", "other"] as const;
export const ReportReason = z.enum(REPORT_REASONS);

/** Longest free text of a report or complaint (characters). */
export const MAX_REPORT_DETAILS_CHARS = 2000;
/** Longest note an operator adds to an action (characters). */
export const MAX_MODERATION_NOTE_CHARS = 1000;

/** Free text read by operators (and a warning's note, by the member): the profile text rules (memberText). */
const Details = memberText({ max: MAX_REPORT_DETAILS_CHARS, multiline: true, label: "Text" }).optional();

/**
 * moderation.report: what is reported. A member reports a profile, one message (by its
 * conversation and seq) or a whole chat; anyone files a complaint (/complaints; a visitor gives
 * an e-mail address to be answered at).
 */
export const ReportInput = z.discriminatedUnion("subject", [
  z.object({ subject: z.literal("profile"), profileId: Id, reason: ReportReason, details: Details }),
  z.object({
    subject: z.literal("message"),
    conversationId: Id,
    // Below the integer column's maximum: the message is read with beforeSeq = seq + 1.
    seq: Seq.max(INT32_MAX - 1, { message: "Sequence number out of range" }),
    reason: ReportReason,
    details: Details,
  }),
  z.object({ subject: z.literal("chat"), conversationId: Id, reason: ReportReason, details: Details }),
  z.object({
    subject: z.literal("complaint"),
    reason: ReportReason,
    details: memberText({ min: 1, max: MAX_REPORT_DETAILS_CHARS, multiline: true, label: "Text" }),
    email: z.email({ message: "Invalid email" }).max(254).optional(),
  }),
]);
export type ReportInput = z.infer<typeof ReportInput>;

const Note = memberText({ max: MAX_MODERATION_NOTE_CHARS, multiline: true, label: "Note" }).optional();

/** The /ops queue: how many of each list (1..200). */
export const QueueInput = z.object({ limit: z.number().int().min(1).max(200).optional() }).optional();

export const ReportActionInput = z.object({ reportId: Id, note: Note });
export const PhotoActionInput = z.object({ photoId: Id, reportId: Id.optional(), note: Note });
export const MemberActionInput = z.object({ userId: Id, reportId: Id.optional(), note: Note });
