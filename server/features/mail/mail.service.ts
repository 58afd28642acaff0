import crypto from "node:crypto";
import type { DB, Tx } from "../../../db/create-db.js";
import type { MailOutboxRow, OutboxChannel } from "../../../db/database.js";
import type { AppDeps } from "../../deps.js";
import type { Mail } from "../../infra/mailer.js";
import * as repo from "./mail.repository.js";

/**
 * The mail queue (ARCHITECTURE "Real time": work that leaves the process after a commit goes
 * through an outbox). A feature queues a mail with enqueueMail, in the transaction of what
 * caused it; each instance's worker drains the queue after commit, renders each mail in the
 * member's language at sending time and retries failures with exponential backoff. Nothing here
 * can fail or slow the change that queued the mail.
 */

/** What a feature queues: a kind its renderer knows, the member, and the kind's data. */
export interface QueuedMail {
  /** 'mail' (default) or 'push': a Web Push notification, sent by the worker's push deliverer. */
  channel?: OutboxChannel;
  kind: string;
  userId: number | null;
  /** Explicit recipient; default the member's address at sending time. */
  to?: string | null;
  /** The site (domain) the mail speaks for; default the default site. */
  siteDomain?: string | null;
  data?: Record<string, unknown>;
  /** At most one mail per key, ever (e.g. one unread reminder per conversation and message). */
  dedupeKey?: string | null;
  /**
   * The queuing instance sends it itself right after commit (deliverQueuedMail): other instances
   * take it over only after MAIL_SELF_DELIVERY_GRACE_SECONDS (if that instance died or failed).
   */
  deliverSelf?: boolean;
}

/** How long a mail queued with deliverSelf waits for its own instance before any worker takes it. */
export const MAIL_SELF_DELIVERY_GRACE_SECONDS = 30;

/**
 * Queue a mail (an insert; run it in the caller's transaction so it commits or rolls back with
 * the change). Call kickMailWorker(deps) after the commit to send it without waiting for the
 * worker's next round.
 * @returns the outbox id, or null when the dedupe key was already queued.
 */
export function enqueueMail(db: DB | Tx, mail: QueuedMail): Promise<string | null> {
  return repo.insertMail(db, {
    channel: mail.channel ?? "mail",
    kind: mail.kind,
    user_id: mail.userId,
    to_address: mail.to ?? null,
    site_domain: mail.siteDomain ?? null,
    data: JSON.stringify(mail.data ?? {}),
    dedupe_key: mail.dedupeKey ?? null,
    next_attempt_at: mail.deliverSelf ? new Date(Date.now() + MAIL_SELF_DELIVERY_GRACE_SECONDS * 1000) : new Date(0),
  });
}

/** Turns a claimed row into the mail to send, or null to skip it (with the reason logged). */
export type MailRenderer = (deps: AppDeps, row: MailOutboxRow) => Promise<Mail | { skip: string }>;

/** Sends a claimed row of another channel than mail (a push) itself; skip as for mails. */
export type OutboxDeliverer = (deps: AppDeps, row: MailOutboxRow) => Promise<{ sent: true } | { skip: string }>;

/** How the worker sends each channel's rows: mails rendered then mailed, pushes delivered. */
export interface OutboxHandlers {
  mail: MailRenderer;
  push?: OutboxDeliverer;
}

/** Attempts before a mail is given up (`failed`). */
export const MAIL_MAX_ATTEMPTS = 8;
/** First retry after this many seconds, doubling each attempt, capped at MAIL_RETRY_MAX_SECONDS. */
export const MAIL_RETRY_BASE_SECONDS = 30;
export const MAIL_RETRY_MAX_SECONDS = 3600;
/** A claimed mail is leased this long: a worker that dies mid-send leaves it to be retried after. */
export const MAIL_LEASE_SECONDS = 120;
/** Mails claimed per statement; a pass repeats while full batches come back. */
export const MAIL_BATCH = 20;

/** Seconds to wait before attempt `attempts + 1`, or null to give up. */
export function retryDelaySeconds(attempts: number): number | null {
  if (attempts >= MAIL_MAX_ATTEMPTS) return null;
  return Math.min(MAIL_RETRY_MAX_SECONDS, MAIL_RETRY_BASE_SECONDS * 2 ** (attempts - 1));
}

/**
 * One pass over the queue: claim due mails for this instance (FOR UPDATE SKIP LOCKED with a
 * lease, see mail.repository claimDueMails), render and send each, mark it sent, skipped, or
 * failed with its next attempt. Repeats while full batches come back, unless `stopping()` says
 * the instance is shutting down: then it ends after the batch in hand (a backlog of thousands
 * would otherwise hold the shutdown for minutes; what is left stays queued for the next pass of
 * any instance).
 * @returns how many mails were sent.
 */
export async function drainMailQueue(
  deps: AppDeps,
  handlers: MailRenderer | OutboxHandlers,
  onlyId?: string,
  stopping: () => boolean = () => false,
): Promise<number> {
  const { mail: render, push } = typeof handlers === "function" ? { mail: handlers, push: undefined } : handlers;
  const worker = `${deps.config.INSTANCE_ID}:${workerSalt}`;
  let sent = 0;
  for (;;) {
    const rows = await repo.claimDueMails(deps.db, worker, MAIL_BATCH, MAIL_LEASE_SECONDS, onlyId);
    for (const row of rows) {
      const id = String(row.id);
      try {
        if (row.channel === "push") {
          // A push (same queue, lease and retries as mails); an instance without a deliverer skips it.
          const done = push ? await push(deps, row) : { skip: "no push deliverer" };
          if ("skip" in done) await repo.markSkipped(deps.db, id, worker, done.skip);
          else {
            await repo.markSent(deps.db, id, worker);
            sent += 1;
          }
          continue;
        }
        const mail = await render(deps, row);
        if ("skip" in mail) {
          await repo.markSkipped(deps.db, id, worker, mail.skip);
          continue;
        }
        await deps.mailer.send(mail);
        await repo.markSent(deps.db, id, worker);
        sent += 1;
      } catch (err) {
        const delay = retryDelaySeconds(row.attempts);
        deps.log.warn(
          { err, mailId: id, channel: row.channel, kind: row.kind, attempts: row.attempts, retryInSeconds: delay },
          row.channel === "push" ? "push not sent" : "mail not sent",
        );
        await repo
          .markAttemptFailed(deps.db, id, worker, String((err as Error)?.message ?? err).slice(0, 500), delay)
          .catch((e: unknown) => deps.log.warn({ err: e }, "mail failure not recorded; its lease expires"));
      }
    }
    if (rows.length < MAIL_BATCH || onlyId !== undefined || stopping()) return sent;
  }
}

const workerSalt = crypto.randomBytes(4).toString("hex");

interface Worker {
  kick(): Promise<void>;
  deliver(id: string): Promise<void>;
  stop(): Promise<void>;
}
const workers = new WeakMap<AppDeps, Worker>();

/**
 * Start this instance's mail worker: a pass every MAIL_WORKER_INTERVAL_MS, and one at once when
 * kicked. Passes never overlap; errors are logged, never thrown.
 * @returns stop(): waits for the pass under way, then stops.
 */
export function startMailWorker(deps: AppDeps, render: MailRenderer | OutboxHandlers): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  let queued: Promise<void> | null = null;
  let stopped = false;
  const pass = () =>
    stopped
      ? Promise.resolve()
      : drainMailQueue(deps, render, undefined, () => stopped).then(
          () => undefined,
          (err: unknown) => deps.log.warn({ err }, "mail worker pass failed"),
        );
  const kick = (): Promise<void> => {
    // A kick during a pass gets the next pass (it may have missed the new row).
    if (queued) return queued;
    queued = running.then(() => {
      queued = null;
      running = pass();
      return running;
    });
    return queued;
  };
  const timer = setInterval(() => void kick(), deps.config.MAIL_WORKER_INTERVAL_MS);
  timer.unref();
  const worker: Worker = {
    kick,
    deliver: (id) =>
      drainMailQueue(deps, render, id).then(
        () => undefined,
        (err: unknown) => deps.log.warn({ err, mailId: id }, "mail not delivered at once; the worker retries"),
      ),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
  workers.set(deps, worker);
  return () => worker.stop();
}

/**
 * Ask this instance's worker for a pass now (after committing a queued mail), and wait for it.
 * Never throws; without a worker (a test app that started none) it does nothing.
 */
export function kickMailWorker(deps: AppDeps): Promise<void> {
  return workers.get(deps)?.kick() ?? Promise.resolve();
}

/** How many mails of `kind` were queued for the member in the last `seconds` (to throttle resends). */
export function countRecentMails(deps: Pick<AppDeps, "db">, userId: number, kind: string, seconds: number) {
  return repo.countRecentMails(deps.db, userId, kind, seconds);
}

/**
 * Send one mail queued with deliverSelf now, on this instance, and wait for it (the activation
 * and reactivation mails, whose links the member waits for). Never throws: a failure leaves the
 * mail queued for the workers' retries.
 */
export function deliverQueuedMail(deps: AppDeps, id: string | null): Promise<void> {
  if (id === null) return Promise.resolve();
  return workers.get(deps)?.deliver(id) ?? Promise.resolve();
}

/**
 * A signed token for a link in a mail that works without login (unsubscribe): `<userId>.<hmac>`
 * with HMAC-SHA256 over purpose and member under the instance-shared mailLinkSecret.
 */
export function signMailLink(deps: Pick<AppDeps, "mailLinkSecret">, purpose: string, userId: number): string {
  const mac = crypto.createHmac("sha256", deps.mailLinkSecret).update(`${purpose}:${userId}`).digest("base64url");
  return `${userId}.${mac}`;
}

/**
 * Check a token made by signMailLink (constant-time compare).
 * @returns the member id, or null for a malformed or forged token.
 */
export function verifyMailLink(deps: Pick<AppDeps, "mailLinkSecret">, purpose: string, token: string): number | null {
  const m = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  if (userId > 2147483647) return null;
  const expected = Buffer.from(signMailLink(deps, purpose, userId));
  const given = Buffer.from(token);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? userId : null;
}
