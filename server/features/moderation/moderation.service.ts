import type { AppDeps } from "../../deps.js";
import type { SessionMember } from "../accounts/sessions.service.js";
import type { ModerationActionKind, ModerationStatus, ReportReason, ReportSubject } from "../../../db/database.js";
import { inTransaction, type Tx } from "../../../db/create-db.js";
import { DomainError, ForbiddenError, NotFoundError } from "../../domain-error.js";
import type { SiteSettings } from "../site/site.settings.js";
import type { Site } from "../site/site.service.js";
import { endAllSessionsOfMember } from "../accounts/sessions.service.js";
import { getCurrentUser } from "../accounts/accounts.service.js";
import { deliverQueuedMail, enqueueMail } from "../mail/mail.service.js";
import { blockStateBetween, getMemberProfile } from "../members/members.service.js";
import { reissuedPhotoUrl } from "../members/members.photos.js";
import { getConversation } from "../chats/chats.service.js";
import {
  approvePhotoInTx,
  hidePhotoInTx,
  listPhotosForReview,
  lockPhotoForReviewInTx,
  setProfileHiddenByModerationInTx,
  type PhotoForReview,
} from "../members/photo-moderation.service.js";
import type { ReportInput } from "./moderation.schema.js";
import * as repo from "./moderation.repository.js";

/**
 * Reporting and the operator console (issue 10). Members report a profile, a message or a chat;
 * anyone files a complaint (/complaints). Each report keeps a copy of what was reported.
 * Operators (users.role 'operator', granted with `npm run ops:grant -- <email>`) work the queue
 * at /ops: dismiss a report, approve or hide a photo, warn, suspend, reinstate or ban a member.
 * Every action is recorded in moderation_actions with who and when.
 */

/** An operator suspended the account: it cannot log in until reinstated. */
export class AccountSuspendedError extends DomainError {
  constructor() {
    super("ACCOUNT_SUSPENDED", "Your account has been suspended. Please contact customer service.");
  }
}

/** An operator banned the account (§2 ban page). */
export class AccountBannedError extends DomainError {
  constructor() {
    super("ACCOUNT_BANNED", "Your account has been banned.");
  }
}

/** A member reporting themselves or their own message. */
export class CannotReportSelfError extends DomainError {
  constructor() {
    super("VALIDATION", "You cannot report yourself.");
  }
}

/** A visitor's complaint needs an address to answer. */
export class EmailRequiredError extends DomainError {
  constructor() {
    super("VALIDATION", "Please enter your e-mail address so we can answer you.");
  }
}

/** An operator's action names a report about someone (or something) else: nothing is written. */
export class ReportSubjectMismatchError extends DomainError {
  constructor() {
    super("VALIDATION", "This report is about another member.");
  }
}

/**
 * A report's copy of a profile holds the photo URLs the reporter was given; a private photo's
 * was signed for the reporter and expired an hour later. The operator reading the queue gets
 * each signed for them instead, so the evidence can be opened whenever the report is read.
 */
function withPhotosFor(secret: string, snapshot: unknown, operatorId: number): unknown {
  const profile = (snapshot as { profile?: { mainImage?: unknown; photos?: unknown } } | null)?.profile;
  if (!profile) return snapshot;
  const again = (u: unknown) => (typeof u === "string" ? reissuedPhotoUrl(secret, u, operatorId) : u);
  return {
    ...(snapshot as object),
    profile: {
      ...profile,
      mainImage: again(profile.mainImage),
      photos: Array.isArray(profile.photos) ? profile.photos.map(again) : profile.photos,
    },
  };
}

/** How many messages of a chat a chat report keeps a copy of (the latest). */
export const CHAT_REPORT_MESSAGES = 30;
/** How many messages before a reported message are kept with it, for context. */
export const MESSAGE_REPORT_CONTEXT = 5;
/** Days a chat a block deleted is kept for a report (blocked_chat_copies); a report keeps its own copy in its snapshot. */
export const BLOCKED_CHAT_COPY_DAYS = 90;

/**
 * In a block's transaction, before it deletes the chats between the two (§4): keep the latest
 * CHAT_REPORT_MESSAGES messages of each in blocked_chat_copies, seen by no member, so either
 * member can still report the other with what was written (security review, 2026-11-27: a
 * harasser could block their target to take away both the messages and the report).
 * @returns how many conversations were copied.
 */
export function keepBlockedChatCopiesInTx(tx: Tx, blockerId: number, blockedId: number): Promise<number> {
  return repo.insertBlockedChatCopies(tx, blockerId, blockedId, CHAT_REPORT_MESSAGES);
}

/** Delete the copies of blocked chats older than BLOCKED_CHAT_COPY_DAYS (the maintenance job). @returns how many. */
export function pruneBlockedChatCopies(deps: Pick<AppDeps, "db">): Promise<number> {
  return repo.deleteBlockedChatCopiesOlderThan(deps.db, BLOCKED_CHAT_COPY_DAYS);
}

/**
 * At every login (accounts.login calls it after the password was checked, so the state is
 * revealed only to who knows the password): refuse a suspended or banned member, and make an
 * account listed in OPERATOR_EMAILS an operator (recorded in the audit, once) once its address is
 * confirmed and its password was chosen through a password-reset link mailed to that address.
 * @throws AccountSuspendedError, AccountBannedError.
 */
export async function assertMayLogIn(
  deps: Pick<AppDeps, "db" | "config">,
  userId: number,
  email: string,
): Promise<void> {
  const state = await repo.findModerationState(deps.db, userId);
  if (state?.moderation_status === "suspended") throw new AccountSuspendedError();
  if (state?.moderation_status === "banned") throw new AccountBannedError();
  // Only the proven owner of a listed address, who also chose the password: anyone can sign up
  // first with a listed address that has no account yet, and the activation link its owner
  // follows proves the mailbox, not the password (security review, 2026-11-27). A password set
  // through a reset link mailed to the address proves both; `npm run ops:grant` is the other way.
  if (
    state &&
    state.role !== "operator" &&
    state.status === "active" &&
    state.password_set_by_link_at !== null &&
    deps.config.OPERATOR_EMAILS.includes(email.toLowerCase())
  ) {
    await grantOperator(deps, email);
  }
}

/** Whether the member may use the operator console. */
export async function isOperator(deps: Pick<AppDeps, "db">, userId: number): Promise<boolean> {
  const state = await repo.findModerationState(deps.db, userId);
  return state?.role === "operator" && state.moderation_status === "ok";
}

/**
 * The operator check of every /ops procedure (trpc/operator.ts).
 * @throws ForbiddenError (FORBIDDEN) for anyone who is not an operator.
 */
export async function assertOperator(deps: Pick<AppDeps, "db">, userId: number): Promise<void> {
  if (!(await isOperator(deps, userId))) throw new ForbiddenError();
}

/**
 * Make the account with this e-mail address an operator (`npm run ops:grant -- <email>`),
 * recorded in the audit with no operator (granted from the command line).
 * @returns the account's id.
 * @throws NotFoundError when no account has the address.
 */
export async function grantOperator(deps: Pick<AppDeps, "db">, email: string): Promise<number> {
  return inTransaction(deps.db, async (tx) => {
    const id = await repo.setRoleByEmail(tx, email.trim(), "operator");
    if (id === undefined) throw new NotFoundError("No account has this e-mail address.");
    await repo.insertAction(tx, { operator_id: null, action: "grant_operator", target_user_id: id });
    return id;
  });
}

/**
 * moderation.report: file a report or complaint. The report keeps a copy of what was reported
 * as the reporter saw it at that moment (`snapshot`): the profile's text fields and photo
 * addresses, the message with the ones before it, or the chat's latest CHAT_REPORT_MESSAGES.
 * A profile behind a block either way (§4: hidden from the reporter, its chats deleted) is still
 * reported when the two had a chat the block kept (blocked_chat_copies): the copy keeps the name
 * and those messages, so a member cannot stop a report, nor take its evidence away, by blocking
 * the reporter. Without such a chat the profile answers as members.get does (NOT_FOUND for a
 * hidden member, else BLOCKED), so a report tells nothing of a member one never wrote with.
 *
 * @param reporter the logged-in member, or null for a visitor (complaints only, with an e-mail).
 * @param site the serving site's settings (photo prices shape the profile the reporter sees).
 * @returns the new report's id.
 * @throws AuthenticationRequiredError-like FORBIDDEN for a visitor reporting anything but a
 *         complaint, EmailRequiredError (a visitor's complaint without e-mail), NotFoundError (a
 *         profile, chat or message the reporter cannot see), CannotReportSelfError.
 */
export async function submitReport(
  deps: AppDeps,
  reporter: Pick<SessionMember, "id" | "paidUser"> | null,
  input: ReportInput,
  site: SiteSettings,
): Promise<{ id: number }> {
  const base = {
    reporter_id: reporter?.id ?? null,
    reason: input.reason as ReportReason,
    details: input.details ?? "",
    subject: input.subject as ReportSubject,
  };
  if (input.subject === "complaint") {
    const email = input.email ?? (reporter ? (await getCurrentUser(deps, reporter.id)).email : undefined);
    if (!email) throw new EmailRequiredError();
    const id = await repo.insertReport(deps.db, {
      ...base,
      reporter_email: email,
      snapshot: JSON.stringify({ complaint: input.details }),
    });
    return { id };
  }
  if (!reporter) throw new ForbiddenError("Please log in to report a member.");

  if (input.subject === "profile") {
    if (input.profileId === reporter.id) throw new CannotReportSelfError();
    const block = await blockStateBetween(deps.db, reporter.id, input.profileId);
    const kept =
      block.blockedMe || block.blockedByMe
        ? await repo.findNewestBlockedChatCopy(deps.db, reporter.id, input.profileId)
        : [];
    const name = kept.length > 0 ? await repo.findProfileName(deps.db, input.profileId) : undefined;
    if (name !== undefined) {
      const snapshot = {
        profile: { id: input.profileId, name },
        messages: kept,
        blocked: block.blockedMe ? "the reported member blocked the reporter" : "the reporter blocked this member",
      };
      return {
        id: await repo.insertReport(deps.db, {
          ...base,
          reported_user_id: input.profileId,
          snapshot: JSON.stringify(snapshot),
        }),
      };
    }
    const p = await getMemberProfile(deps, reporter, input.profileId, site);
    const snapshot = {
      profile: {
        id: p.id,
        name: p.name,
        age: p.age,
        city: p.city,
        country: p.country,
        note: p.note,
        mainImage: p.mainImage?.url ?? null,
        photos: p.photos.filter((ph) => !ph.locked).map((ph) => ("url" in ph ? ph.url : null)),
      },
    };
    return {
      id: await repo.insertReport(deps.db, { ...base, reported_user_id: p.id, snapshot: JSON.stringify(snapshot) }),
    };
  }

  if (input.subject === "message") {
    const page = await getConversation(deps, reporter.id, {
      conversationId: input.conversationId,
      beforeSeq: input.seq + 1,
      limit: MESSAGE_REPORT_CONTEXT + 1,
    });
    const message = page.messages.at(-1);
    if (!message || message.seq !== input.seq) throw new NotFoundError("This message could not be found.");
    if (message.senderId === reporter.id) throw new CannotReportSelfError();
    const snapshot = {
      profile: { id: page.profile.id, name: page.profile.name },
      message: snapshotMessage(message),
      before: page.messages.slice(0, -1).map(snapshotMessage),
    };
    return {
      id: await repo.insertReport(deps.db, {
        ...base,
        reported_user_id: page.profile.id,
        conversation_id: input.conversationId,
        message_id: message.id,
        snapshot: JSON.stringify(snapshot),
      }),
    };
  }

  const page = await getConversation(deps, reporter.id, {
    conversationId: input.conversationId,
    limit: CHAT_REPORT_MESSAGES,
  });
  const snapshot = {
    profile: { id: page.profile.id, name: page.profile.name },
    messages: page.messages.map(snapshotMessage),
  };
  return {
    id: await repo.insertReport(deps.db, {
      ...base,
      reported_user_id: page.profile.id,
      conversation_id: input.conversationId,
      snapshot: JSON.stringify(snapshot),
    }),
  };
}

function snapshotMessage(m: {
  id: number;
  seq: number;
  senderId: number;
  body: string;
  gift: string | null;
  createdAt: string;
}) {
  return { id: m.id, seq: m.seq, senderId: m.senderId, body: m.body, gift: m.gift, createdAt: m.createdAt };
}

/** The company's contact details on the complaints page (§2 /complaints, §3 company info). */
export interface ComplaintsContact {
  siteName: string;
  company: { name: string; address: string; city: string; country: string; registrationNumber: string };
  vatNumbers: string[];
  /** §9: cleaned of dashes and spaces before use ("" when the site has none). */
  supportPhone: string;
  supportEmail: string;
}

/** moderation.contact: the serving site's company details for /complaints. No errors. */
export function complaintsContact(site: Site): ComplaintsContact {
  return {
    siteName: site.name,
    company: {
      name: site.company.name,
      address: site.company.address,
      city: site.company.city,
      country: site.company.country,
      registrationNumber: site.company.registration_number,
    },
    vatNumbers: site.company.vat_numbers,
    supportPhone: site.support_phone.replace(/[\s-]/g, ""),
    supportEmail: site.support_email,
  };
}

/** An open report as the operator sees it. */
export interface QueuedReport {
  id: number;
  subject: ReportSubject;
  reason: ReportReason;
  details: string;
  /** The copy of the reported content (shape by subject, see submitReport); its private photos' URLs signed for the operator reading it. */
  snapshot: unknown;
  reporter: { id: number | null; name: string | null; email: string | null };
  reported: { id: number; name: string | null; status: ModerationStatus } | null;
  conversationId: number | null;
  messageId: number | null;
  /** ISO 8601 UTC. */
  createdAt: string;
}

/** One entry of the audit (who did what, when). */
export interface AuditEntry {
  id: number;
  action: ModerationActionKind;
  operator: { id: number | null; name: string | null };
  target: { id: number; name: string | null } | null;
  reportId: number | null;
  photoId: number | null;
  note: string;
  /** ISO 8601 UTC. */
  createdAt: string;
}

/**
 * moderation.queue (/ops): open reports and unreviewed photos, oldest first, the suspended and
 * banned members (latest first: the console reinstates them from there, whether or not a report
 * is open), and the latest audit entries. Private photos come with URLs bound to the operator
 * (listPhotosForReview).
 * @param operatorId the operator asking.
 * @param limit of each list, 1..200 (default 50).
 * @returns the four lists. No errors (the operator check is trpc/operator.ts).
 */
export async function getQueue(
  deps: Pick<AppDeps, "db" | "mediaUrlSecret">,
  operatorId: number,
  limit = 50,
): Promise<{
  reports: QueuedReport[];
  photos: PhotoForReview[];
  restricted: Array<{ id: number; name: string; status: "suspended" | "banned" }>;
  audit: AuditEntry[];
}> {
  const [reports, photos, restricted, audit] = await Promise.all([
    repo.findOpenReports(deps.db, limit),
    listPhotosForReview(deps, operatorId, limit),
    repo.findRestrictedMembers(deps.db, limit),
    repo.findRecentActions(deps.db, limit),
  ]);
  return {
    restricted: restricted.map((m) => ({
      id: m.id,
      name: m.name,
      status: m.moderation_status === "banned" ? ("banned" as const) : ("suspended" as const),
    })),
    reports: reports.map((r) => ({
      id: r.id,
      subject: r.subject,
      reason: r.reason,
      details: r.details,
      snapshot: withPhotosFor(deps.mediaUrlSecret, r.snapshot, operatorId),
      reporter: { id: r.reporter_id, name: r.reporter_name, email: r.reporter_email },
      reported:
        r.reported_user_id === null
          ? null
          : { id: r.reported_user_id, name: r.reported_name, status: r.reported_status ?? "ok" },
      conversationId: r.conversation_id,
      messageId: r.message_id,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    photos,
    audit: audit.map((a) => ({
      id: a.id,
      action: a.action,
      operator: { id: a.operator_id, name: a.operator_name },
      target: a.target_user_id === null ? null : { id: a.target_user_id, name: a.target_name },
      reportId: a.report_id,
      photoId: a.photo_id,
      note: a.note,
      createdAt: new Date(a.created_at).toISOString(),
    })),
  };
}

/**
 * moderation.dismiss: close a report without action.
 * @throws NotFoundError when the report does not exist or is already closed.
 */
export async function dismissReport(
  deps: Pick<AppDeps, "db">,
  operatorId: number,
  reportId: number,
  note = "",
): Promise<{ ok: true }> {
  await inTransaction(deps.db, async (tx) => {
    const report = await repo.findReport(tx, reportId);
    if (!report) throw new NotFoundError("This report could not be found.");
    if (!(await repo.closeReport(tx, reportId, "dismissed", operatorId)))
      throw new NotFoundError("This report was already handled.");
    await repo.insertAction(tx, {
      operator_id: operatorId,
      action: "dismiss",
      target_user_id: report.reported_user_id,
      report_id: reportId,
      note,
    });
  });
  return { ok: true };
}

/**
 * moderation.approvePhoto / moderation.hidePhoto: review a photo. Approving makes a pending
 * photo live; hiding takes it out of every public view (its owner sees a notice). A report
 * given must be about the photo's owner; it is closed as actioned. As with decisions about
 * members, operators cannot review their own photos or another operator's (the four-eyes rule
 * of photo moderation 'pre' would be void otherwise). On any error nothing is written.
 * @throws NotFoundError (no such photo, no such report), ForbiddenError (own photo, or another
 *         operator's), ReportSubjectMismatchError (VALIDATION: the report is about someone else).
 */
export async function reviewPhoto(
  deps: Pick<AppDeps, "db" | "config">,
  operatorId: number,
  input: { photoId: number; reportId?: number; note?: string },
  decision: "approve" | "hide",
): Promise<{ ok: true }> {
  await inTransaction(deps.db, async (tx) => {
    const { profileId } = await lockPhotoForReviewInTx(tx, input.photoId);
    await assertMayActOn(tx, operatorId, profileId);
    // Before the files move (hiding): a refused report leaves nothing to undo.
    await closeGivenReport(tx, input.reportId, operatorId, profileId);
    if (decision === "approve") await approvePhotoInTx(deps, tx, input.photoId);
    else await hidePhotoInTx(deps, tx, input.photoId);
    await repo.insertAction(tx, {
      operator_id: operatorId,
      action: decision === "approve" ? "approve_photo" : "hide_photo",
      target_user_id: profileId,
      photo_id: input.photoId,
      report_id: input.reportId ?? null,
      note: input.note ?? "",
    });
  });
  return { ok: true };
}

/**
 * moderation.warn / suspend / reinstate / ban: an operator's decision about a member.
 *  - warn: recorded, and the member gets a mail with the operator's note (`moderation_warning`,
 *    queued with the decision, in the member's language);
 *  - suspend: no login until reinstated; every session ends (all their tabs, on every instance,
 *    lose their sockets) and the profile is hidden from others;
 *  - ban: as suspend, for good; a login attempt answers ACCOUNT_BANNED (the §2 ban page);
 *  - reinstate: a suspended or banned member may log in again; the profile shows again.
 * A report given must be about this member; it is closed as actioned. Operators cannot act on
 * themselves or on other operators. On any error nothing is written.
 * @throws NotFoundError (no such member, no such report), ForbiddenError (self or another
 *         operator), ReportSubjectMismatchError (VALIDATION: the report is about someone else).
 */
export async function decideAboutMember(
  deps: AppDeps,
  operatorId: number,
  input: { userId: number; reportId?: number; note?: string },
  action: "warn" | "suspend" | "reinstate" | "ban",
  site: Pick<Site, "domain">,
): Promise<{ ok: true; status: ModerationStatus; sessionsEnded: number }> {
  if (input.userId === operatorId) throw new ForbiddenError("Operators cannot act on their own account.");
  const decided = await inTransaction(deps.db, async (tx) => {
    const target = await repo.lockModerationState(tx, input.userId);
    if (!target) throw new NotFoundError("This member could not be found.");
    if (target.role === "operator") throw new ForbiddenError("Operators cannot act on another operator.");
    let next: ModerationStatus = target.moderation_status;
    if (action === "suspend" || action === "ban") next = action === "ban" ? "banned" : "suspended";
    if (action === "reinstate") next = "ok";
    if (next !== target.moderation_status) {
      await repo.setModerationStatus(tx, input.userId, next);
      await setProfileHiddenByModerationInTx(tx, input.userId, next !== "ok");
    }
    await closeGivenReport(tx, input.reportId, operatorId, input.userId);
    await repo.insertAction(tx, {
      operator_id: operatorId,
      action,
      target_user_id: input.userId,
      report_id: input.reportId ?? null,
      note: input.note ?? "",
    });
    // The warning's mail (in the member's language, with the operator's note) commits with the
    // decision: a mail server that is away delays it, it does not lose it.
    const mailId =
      action === "warn"
        ? await enqueueMail(tx, {
            kind: "moderation_warning",
            userId: input.userId,
            siteDomain: site.domain,
            data: { note: input.note ?? "" },
            deliverSelf: true,
          })
        : null;
    return { next, mailId };
  });
  const sessionsEnded = decided.next === "ok" ? 0 : await endAllSessionsOfMember(deps, input.userId);
  await deliverQueuedMail(deps, decided.mailId);
  return { ok: true, status: decided.next, sessionsEnded };
}

/**
 * Operators act neither on their own account nor on another operator's (decideAboutMember's
 * rule, for photos too). Reads the role without locking the member's row: the caller holds the
 * photo's lock, and member-first transactions (photo deletion) lock the other way round.
 * @throws ForbiddenError.
 */
async function assertMayActOn(tx: Tx, operatorId: number, memberId: number): Promise<void> {
  if (memberId === operatorId) throw new ForbiddenError("Operators cannot act on their own account.");
  const target = await repo.findModerationState(tx, memberId);
  if (target?.role === "operator") throw new ForbiddenError("Operators cannot act on another operator.");
}

/**
 * Close the report an action was taken on (when one is given) as actioned; one already closed by
 * another operator stays as it is. The report must be about the member acted on (for a photo:
 * its owner), so an action never closes an unrelated report.
 * @param memberId the member the action is about.
 * @throws NotFoundError when no report has this id, ReportSubjectMismatchError when it is about
 *         someone else (or no one, as a complaint); the caller's transaction then writes nothing.
 */
async function closeGivenReport(
  tx: Tx,
  reportId: number | undefined,
  operatorId: number,
  memberId: number,
): Promise<void> {
  if (reportId === undefined) return;
  const report = await repo.findReport(tx, reportId);
  if (!report) throw new NotFoundError("This report could not be found.");
  if (report.reported_user_id !== memberId) throw new ReportSubjectMismatchError();
  await repo.closeReport(tx, reportId, "actioned", operatorId);
}
