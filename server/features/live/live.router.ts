import { z } from "zod";
import { router, memberProcedure } from "../../trpc/init.js";
import { EventId } from "../../validation.js";
import { memberEventStream } from "./live.service.js";
import { getCounters } from "./live.counters.js";

/** Live updates for the logged-in member's tabs. */
export const liveRouter = router({
  /**
   * The member's event stream over WebSocket: tracked(seq, event); on reconnect the client
   * sends lastEventId and resumes after it, missing nothing.
   */
  events: memberProcedure
    .input(z.object({ lastEventId: EventId.nullish() }).optional())
    .subscription(({ ctx, input, signal }) =>
      // ctx is the socket's own (built once per connection): it counts the socket's streams.
      memberEventStream(ctx.deps, ctx.member.id, input?.lastEventId, signal, ctx.connection),
    ),

  /** Badge totals: unread messages and new likes (§2 top bar, page title). */
  counters: memberProcedure.query(({ ctx }) => getCounters(ctx.deps, ctx.member.id)),
});
