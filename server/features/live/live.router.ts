import { z } from "zod";
import { TRPCError } from "@trpc/server";
import { router, memberProcedure } from "../../trpc/init.js";
import { EventId } from "../../validation.js";
import { openMemberEventStream } from "./live.service.js";
import { getCounters } from "./live.counters.js";

/** Live updates for the logged-in member's tabs. */
export const liveRouter = router({
  /**
   * The member's event stream over WebSocket: tracked(seq, event); on reconnect the client
   * sends lastEventId and resumes after it, missing nothing.
   * @throws METHOD_NOT_SUPPORTED (405) anywhere but on a WebSocket: only a socket is closed when
   *   its session ends (ARCHITECTURE "Real time"; server-sent events are off in trpc/init.ts too).
   */
  events: memberProcedure
    .input(z.object({ lastEventId: EventId.nullish() }).optional())
    .subscription(async ({ ctx, input, signal }) => {
      if (!ctx.longLived)
        throw new TRPCError({ code: "METHOD_NOT_SUPPORTED", message: "The live stream runs on the WebSocket only." });
      // ctx is the socket's own (built once per connection): it counts the socket's streams.
      return openMemberEventStream(ctx.deps, ctx.member.id, input?.lastEventId, signal, ctx.connection);
    }),

  /** Badge totals: unread messages and new likes (§2 top bar, page title). */
  counters: memberProcedure.query(({ ctx }) => getCounters(ctx.deps, ctx.member.id)),
});
