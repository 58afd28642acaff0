import { tracked, type TrackedEnvelope } from "@trpc/server";
import type { AppDeps } from "../../deps.js";
import { DomainError } from "../../domain-error.js";
import type { Tx } from "../../../db/create-db.js";
import type { ChatEvent } from "../chats/chats.events.js";
import type { LikeEvent } from "../likes/likes.events.js";
import type { CreditsEvent } from "../credits/credits.events.js";
import type { SafetyEvent } from "../safety/safety.events.js";
import type { ReceiptEvent } from "../chats/read-receipts.events.js";
import {
  appendMemberEvent,
  appendMemberEvents,
  deleteEventsAboutEachOther,
  deleteEventsOlderThan,
  findEventsAfter,
  findLastEventSeq,
  LIVE_RESUME_WINDOW_HOURS,
} from "./live.repository.js";

/** Every event a member's tabs receive live. */
export type LiveEvent = SafetyEvent | ChatEvent | LikeEvent | CreditsEvent | ReceiptEvent;

/** An event written to the member's log, to be published after commit. */
export interface StoredEvent {
  userId: number;
  seq: number;
  event: LiveEvent;
}

/**
 * What travels on the bus: a stored event (with its seq, and `at`: when its transaction had
 * committed, ms since the epoch, for bus_delivery_lag_seconds) or an ephemeral one.
 */
type BusMessage = { seq: number; event: LiveEvent; at?: number } | { seq: null; event: LiveEvent };

const channelOf = (userId: number) => `member:${userId}`;

/**
 * Record `event` in the member's log inside the caller's transaction (§ARCHITECTURE
 * "Real time": events are stored, the bus only carries hints). Publish the result with
 * publishStored() after the transaction commits.
 */
export async function recordEvent(tx: Tx, userId: number, event: LiveEvent): Promise<StoredEvent> {
  const { seq } = await appendMemberEvent(tx, userId, event.type, event);
  return { userId, seq, event };
}

/**
 * recordEvent for several distinct members in one go (two statements, whatever the count);
 * the members' rows must already be locked by the transaction (lock order: members by id).
 */
export async function recordEvents(
  tx: Tx,
  entries: readonly { userId: number; event: LiveEvent }[],
): Promise<StoredEvent[]> {
  const stored = await appendMemberEvents(
    tx,
    entries.map((e) => ({ userId: e.userId, type: e.event.type, payload: e.event })),
  );
  return stored.map((s, i) => ({ userId: s.userId, seq: s.seq, event: entries[i]!.event }));
}

/**
 * Publish committed events on the bus, for every instance where the member has a tab. Called
 * right after the commit, and not awaited: the caller answers at once (issue 12: a chat send's
 * acknowledgement waited a Redis round trip for nothing; the sender's own tab gets its event and
 * the acknowledgement in the same socket write). The bus sends hints in the order they are given,
 * and a hint that fails to leave is not lost data: the tab reads the log back on its next gap
 * or reconnect, so a failure is only logged. The time of the call travels with each event as
 * `at`, and the subscriber's instance observes now − at when it has written the event to the
 * socket (bus_delivery_lag_seconds, issue 13). Across instances the figure includes their clock skew.
 */
export function publishStored(deps: AppDeps, events: readonly StoredEvent[]): void {
  const at = Date.now();
  for (const { userId, seq, event } of events) {
    deps.bus.publish(channelOf(userId), { seq, event, at } satisfies BusMessage).then(
      () => deps.metrics.eventsPublished.labels(event.type).inc(),
      (err: unknown) => deps.log.warn({ err, userId, seq }, "publishing a live event failed"),
    );
  }
}

/** Publish an ephemeral event (typing): not stored, lost if the member is offline. */
export async function publishEphemeral(deps: AppDeps, userId: number, event: LiveEvent): Promise<void> {
  await deps.bus.publish(channelOf(userId), { seq: null, event } satisfies BusMessage);
  deps.metrics.eventsPublished.labels(event.type).inc();
}

/**
 * The event as tRPC's WebSocket handler receives it: an object whose toJSON() gives the event
 * to the one JSON.stringify of its socket write, then lets go of it. The handler keeps the last
 * value it sent in its suspended loop until the next event arrives (its destructured `data`),
 * so an idle socket kept the whole last event alive — ~1.9 KB per socket, the RSS drift of
 * bench:sockets (heap snapshot retainers, issue 12). The wire format is unchanged; the type
 * stays the event's, since the client only ever sees the JSON.
 */
function serializedOnce(event: LiveEvent): LiveEvent {
  return new SerializedOnce(event) as unknown as LiveEvent;
}
class SerializedOnce {
  #event: LiveEvent | null;
  constructor(event: LiveEvent) {
    this.#event = event;
  }
  toJSON(): LiveEvent | null {
    const event = this.#event;
    this.#event = null;
    return event;
  }
}

/**
 * Where a live stream waits for its next hint: the bus listener, a bus comeback and the abort
 * signal (as an EventTarget listener object) wake it. One small object per stream rather than
 * closures: the server runs through tsx, whose transform keeps function names, and a named
 * closure made per stream becomes a dictionary-mode function with a 256-byte property table,
 * kept for as long as the socket is open (issue 12, heap snapshots of bench:chat).
 */
class Waker {
  #resolve: (() => void) | null = null;
  /** Resolves at the next notify(). */
  wait(): Promise<void> {
    return new Promise((resolve) => {
      this.#resolve = resolve;
    });
  }
  /** Wakes the stream if it waits; otherwise nothing (the loop looks at its state before waiting). */
  notify(): void {
    const resolve = this.#resolve;
    this.#resolve = null;
    resolve?.();
  }
  /** The abort signal's listener. */
  handleEvent(): void {
    this.notify();
  }
}

const BACKFILL_PAGE = 200;
/** Hints buffered for one subscriber before it falls back to reading the database. */
const HINT_BUFFER = 256;

/**
 * Open the member's live stream (the live.events subscription), fixing where it starts before
 * tRPC answers `started` to the tab: tRPC's WebSocket handler sends `started` as soon as it has
 * asked the stream for its first event, before the stream's body has run a statement. Read in the
 * body, the newest event could be one committed after the tab was told `started` (seen in CI:
 * commit-order.pg.test.ts lost a member's first two messages), and the tab would never get it.
 *
 * @param lastEventId the id of the last event the tab saw (on reconnect), or null to start at the
 *   member's newest event now: every event committed from here on is delivered.
 * @returns the stream (memberEventStream): tracked(seq, event) items, each event once, in seq order.
 */
export async function openMemberEventStream(
  deps: AppDeps,
  userId: number,
  lastEventId: string | null | undefined,
  signal: AbortSignal | undefined,
  connection: { liveStreams?: number } = {},
): Promise<AsyncGenerator<TrackedEnvelope<LiveEvent>>> {
  const parsed = Number(lastEventId);
  const cursor =
    lastEventId != null && Number.isSafeInteger(parsed) && parsed >= 0
      ? parsed
      : await findLastEventSeq(deps.db, userId);
  return memberEventStream(deps, userId, cursor, signal, connection);
}

/**
 * The member's live stream after the event `cursor` (openMemberEventStream): listen first, then
 * backfill from the log after the cursor, then yield each new event as tracked(seq, event),
 * skipping what was already yielded. A hint that arrives out of order, or a buffer overflow,
 * triggers a backfill from the database, so nothing is lost and nothing is doubled.
 *
 * Ephemeral events (typing) are yielded with the current seq as id: resuming from it is safe.
 * Events older than LIVE_RESUME_WINDOW_HOURS are not sent again.
 *
 * @param connection the connection's own counter of open streams (trpc context `connection`).
 * @throws TooManyLiveStreamsError (RATE_LIMITED) past MAX_LIVE_STREAMS_PER_SOCKET on one connection.
 */
async function* memberEventStream(
  deps: AppDeps,
  userId: number,
  cursor: number,
  signal: AbortSignal | undefined,
  connection: { liveStreams?: number },
): AsyncGenerator<TrackedEnvelope<LiveEvent>> {
  // A tab opens one stream on its socket (two while a reconnect overlaps): a socket asking for
  // more is not a tab, and each stream costs a bus subscription and a copy of every event.
  if ((connection.liveStreams ?? 0) >= MAX_LIVE_STREAMS_PER_SOCKET) throw new TooManyLiveStreamsError();
  connection.liveStreams = (connection.liveStreams ?? 0) + 1;
  const hints: BusMessage[] = [];
  let mustBackfill = false;
  const waker = new Waker();
  let unsubscribe: () => void;
  try {
    unsubscribe = await deps.bus.subscribe(channelOf(userId), (msg) => {
      if (hints.length >= HINT_BUFFER) mustBackfill = true;
      else hints.push(msg as BusMessage);
      waker.notify();
    });
  } catch (err) {
    connection.liveStreams -= 1;
    throw err;
  }
  // The bus came back after an outage: hints published meanwhile are gone, read them back now.
  const stopReconnect = deps.bus.onReconnect(() => {
    mustBackfill = true;
    waker.notify();
  });
  signal?.addEventListener("abort", waker, { once: true });
  deps.metrics.subscriptionsActive.inc();
  // An open tab: no Web Push for this member while it lasts (push.service, infra/presence.ts).
  deps.presence.enter(userId);
  try {
    // Read the log after the cursor, a page per turn, until a short page: first to catch up, then
    // after a gap, a lost hint or a bus outage. One loop with a flag rather than a nested
    // generator: a generator function made per stream cost ~0.6 KB of heap per idle socket
    // (its function object, prototype and shapes; issue 12, heap snapshots of bench:chat).
    let backfilling = true;
    while (!signal?.aborted) {
      if (backfilling) {
        const rows = await findEventsAfter(deps.db, userId, cursor, BACKFILL_PAGE);
        for (const row of rows) {
          cursor = Number(row.seq);
          deps.metrics.eventsDelivered.labels(row.type).inc();
          yield tracked(String(cursor), serializedOnce(row.payload as LiveEvent));
        }
        backfilling = rows.length === BACKFILL_PAGE;
        continue;
      }
      if (hints.length === 0 && !mustBackfill) {
        await waker.wait();
        continue;
      }
      if (mustBackfill) {
        hints.length = 0;
        mustBackfill = false;
        backfilling = true;
        continue;
      }
      const hint = hints.shift()!;
      if (hint.seq === null) {
        deps.metrics.eventsDelivered.labels(hint.event.type).inc();
        yield tracked(String(cursor), serializedOnce(hint.event));
      } else if (hint.seq === cursor + 1) {
        cursor = hint.seq;
        deps.metrics.eventsDelivered.labels(hint.event.type).inc();
        yield tracked(String(cursor), serializedOnce(hint.event));
        // The WebSocket handler asks for the next event only once it has written this one to the
        // socket (tRPC's ws adapter: send, then next()): commit → socket write ends here.
        if (typeof hint.at === "number" && Number.isFinite(hint.at)) {
          deps.metrics.deliveryLag.observe(Math.max(0, Date.now() - hint.at) / 1000);
        }
      } else if (hint.seq > cursor + 1) {
        backfilling = true; // a gap: an earlier hint was lost or is late
      } // hint.seq <= cursor: already yielded
    }
  } finally {
    connection.liveStreams -= 1;
    deps.presence.leave(userId);
    deps.metrics.subscriptionsActive.dec();
    stopReconnect();
    unsubscribe();
  }
}

/** Live streams one WebSocket may hold at once (memberEventStream). */
export const MAX_LIVE_STREAMS_PER_SOCKET = 4;

/** 429: a socket asked for more live streams than a browser tab opens. */
export class TooManyLiveStreamsError extends DomainError {
  constructor() {
    super("RATE_LIMITED", "Too many requests, please try again later.", { seconds: 1 });
  }
}

/**
 * §4 a block, in its transaction: delete the events in each member's log that show the other
 * (messages, their card in a like or match), so no resumed live stream gives them back.
 * @returns how many events were deleted.
 */
export function deleteEventsAboutEachOtherInTx(tx: Tx, a: number, b: number): Promise<number> {
  return deleteEventsAboutEachOther(tx, a, b);
}

/**
 * The events past the resume window are never sent again: delete them (an hour after they leave
 * it), so the log holds about a day of events, not every message's copy for ever. Run by the
 * maintenance job (account-deletion startDeletionPurgeJob) on every instance; concurrent runs
 * simply delete nothing more.
 * @returns how many events were deleted.
 */
export function pruneLiveEvents(deps: Pick<AppDeps, "db">): Promise<number> {
  return deleteEventsOlderThan(deps.db, LIVE_RESUME_WINDOW_HOURS + 1);
}
