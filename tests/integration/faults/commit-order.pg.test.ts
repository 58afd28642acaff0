import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { useTestServer } from "../../support/server.js";
import { TestBrowser, collectLiveEvents } from "../../support/client.js";
import { createMember, callerFor } from "../../support/factories.js";
import { skipWithout } from "../../support/env.js";

/**
 * Fault catalogue (issue "Hardening"), on PostgreSQL + Redis: what members see stays whole when
 * senders race.
 */
describe.skipIf(skipWithout("postgres+redis", "the live fault catalogue (commit order)"))(
  "live delivery under faults",
  () => {
    const t = useTestServer();

    it("8 concurrent senders in one conversation: every subscriber sees a gap-free, ordered seq", async () => {
      const a = await createMember(t.server.deps, { paid: true, credits: 10_000 });
      const b = await createMember(t.server.deps, { paid: true, credits: 10_000 });
      const subscribers = [a, b].map((m) => {
        const socket = TestBrowser.withSession(t.server, m).openSocket();
        return { m, socket, live: collectLiveEvents(socket.client, null) };
      });
      await Promise.all(subscribers.map((s) => s.live.waitStarted()));
      const apiA = await callerFor(t.server.deps, a);
      const apiB = await callerFor(t.server.deps, b);
      const PER_SENDER = 10;
      await Promise.all(
        Array.from({ length: 8 }, (_, sender) =>
          (async () => {
            for (let i = 0; i < PER_SENDER; i++) {
              const api = sender % 2 === 0 ? apiA : apiB;
              await api.chats.send({
                toProfileId: sender % 2 === 0 ? b.id : a.id,
                clientId: crypto.randomUUID(),
                body: `s${sender}-${i}`,
              });
            }
          })(),
        ),
      );
      const total = 8 * PER_SENDER;
      for (const s of subscribers) {
        await s.live.waitFor(
          () => s.live.events.filter((e) => e.data.type === "message.new").length >= total,
          `${total} messages for member ${s.m.id}`,
        );
        const seqs = s.live.events
          .filter((e) => e.data.type === "message.new")
          .map((e) => (e.data.message as { seq: number }).seq);
        expect(seqs).toEqual(Array.from({ length: total }, (_, i) => i + 1));
        s.live.unsubscribe();
        s.socket.close();
      }
    });
  },
);
